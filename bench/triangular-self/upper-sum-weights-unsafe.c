// expected: unsafe
// A triangular nest for i < n, j >= i adds a[j] to b[j], which starts at 0 except b[n - 1] = 1:
// the sum of b is one more than the sum of (j + 1) * a[j].
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "upper-sum-weights-unsafe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000)) return 0;
  int a[n];
  int b[n];
  for (int j = 0; j < n; j++) {
    a[j] = __VERIFIER_nondet_int();
    if (!(a[j] >= -10000 && a[j] <= 10000)) return 0;
  }
  for (int j = 0; j < n; j++) b[j] = 0;
  b[n - 1] = 1;
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      b[j] = b[j] + a[j];
  long long s1 = 0;
  long long s2 = 0;
  for (int j = 0; j < n; j++) {
    s1 = s1 + b[j];
    s2 = s2 + (long long) (j + 1) * a[j];
  }
  __VERIFIER_assert(s1 == s2);
  return 0;
}
