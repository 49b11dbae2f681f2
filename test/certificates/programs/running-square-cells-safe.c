// expected: safe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// Each cell gets the running sum of odd numbers before it (the square of its index); a round may end the loop early.
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 10000);
  int a[n];
  int square = 0;
  int i;
  for (i = 0; i < n; i++) {
    if (__VERIFIER_nondet_int()) break;
    a[i] = square;
    square = square + 2 * i + 1;
  }
  for (int k = 0; k < i; k++) __VERIFIER_assert(a[k] == k * k);
  return 0;
}