// expected: unsafe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// Cells above 100 are clamped to 100, then summed: the sum is at most 100 n.
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 1000);
  int a[n];
  for (int i = 0; i < n; i++) {
    a[i] = __VERIFIER_nondet_int();
    assume_abort_if_not(a[i] > -1000000);
  }
  for (int i = 0; i < n; i++) {
    if (a[i] > 100) a[i] = 101;
  }
  long long s = 0;
  for (int i = 0; i < n; i++) s = s + a[i];
  __VERIFIER_assert(s <= 100 * (long long) n);
  return 0;
}