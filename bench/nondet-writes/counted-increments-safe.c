// expected: safe
// n increments of nondeterministically chosen cells of an array of zeros: the sum is n.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "counted-increments-safe.c", 6, "reach_error"); }
void assume_abort_if_not(int cond) { if (!cond) abort(); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 100000);
  int a[n];
  for (int i = 0; i < n; i++) a[i] = 0;
  for (int t = 0; t < n; t++) {
    int k = __VERIFIER_nondet_int();
    assume_abort_if_not(k >= 0 && k < n);
    a[k] = a[k] + 1;
  }
  long long sum = 0;
  for (int i = 0; i < n; i++) sum += a[i];
  __VERIFIER_assert(sum == n);
  return 0;
}
