// expected: unsafe
// A triangular nest for i < n, j >= i subtracts a[j] from b[j], but its rows stop at n - 1: the last
// column keeps 0, wrong where a[n - 1] != 0.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "upper-subtract-unsafe.c", 8, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000)) return 0;
  int a[n];
  int b[n];
  for (int j = 0; j < n; j++) {
    a[j] = __VERIFIER_nondet_int();
    __VERIFIER_assume(a[j] >= -10000 && a[j] <= 10000);
  }
  for (int j = 0; j < n; j++) b[j] = 0;
  for (int i = 0; i < n; i++)
    for (int j = i; j < n - 1; j++)
      b[j] -= a[j];
  for (int j = 0; j < n; j++) __VERIFIER_assert(b[j] + (j + 1) * a[j] == 0);
  return 0;
}
