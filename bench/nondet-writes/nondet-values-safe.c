// expected: safe
// Two arrays written with the same nondeterministic value at each index: the sum of their differences is 0.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "nondet-values-safe.c", 6, "reach_error"); }
void assume_abort_if_not(int cond) { if (!cond) abort(); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 100000);
  int a[n];
  int b[n];
  for (int i = 0; i < n; i++) {
    a[i] = i;
    b[i] = i;
  }
  while (1) {
    int k = __VERIFIER_nondet_int();
    assume_abort_if_not(k >= 0 && k < n);
    int x = __VERIFIER_nondet_int();
    assume_abort_if_not(x > -1000 && x < 1000);
    a[k] = x;
    b[k] = x;
    if (__VERIFIER_nondet_int() == 0) break;
  }
  long long difference = 0;
  for (int i = 0; i < n; i++) difference += a[i] - b[i];
  __VERIFIER_assert(difference == 0);
  return 0;
}
