// expected: unsafe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// As running-square-cells-safe.c, but the running sum adds one too many per round.
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 10000);
  int a[n];
  int square = 0;
  int i;
  for (i = 0; i < n; i++) {
    if (__VERIFIER_nondet_int()) break;
    a[i] = square;
    square = square + 2 * i + 2;
  }
  for (int k = 0; k < i; k++) __VERIFIER_assert(a[k] == k * k);
  return 0;
}