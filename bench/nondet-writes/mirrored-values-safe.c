// expected: safe
// a[k] gets 3k and the mirrored cell b[n - 1 - k] gets -3k: not cell by cell, but over both arrays, the sum is 0.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "mirrored-values-safe.c", 6, "reach_error"); }
void assume_abort_if_not(int cond) { if (!cond) abort(); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 100000);
  int a[n];
  int b[n];
  for (int i = 0; i < n; i++) {
    a[i] = 0;
    b[i] = 0;
  }
  while (1) {
    int k = __VERIFIER_nondet_int();
    assume_abort_if_not(k >= 0 && k < n);
    a[k] = 3 * k;
    b[n - 1 - k] = -3 * k;
    if (__VERIFIER_nondet_int() == 0) break;
  }
  long long sum = 0;
  for (int i = 0; i < n; i++) sum = sum + a[i] + b[i];
  __VERIFIER_assert(sum == 0);
  return 0;
}
