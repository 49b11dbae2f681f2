// expected: unsafe
// A triangular nest for i < n, j > i adds a[j] to the zeroed b[j]: column j is visited j times, so
// b[j] == j * a[j], not (j + 1) * a[j] where a[j] != 0.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "upper-add-self-unsafe.c", 8, "reach_error"); }
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
    for (int j = i + 1; j < n; j++)
      b[j] = b[j] + a[j];
  for (int j = 0; j < n; j++) __VERIFIER_assert(b[j] == (j + 1) * a[j]);
  return 0;
}
