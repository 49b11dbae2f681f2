// expected: safe
// A triangular nest for i < n, j >= i adds a[j] to the zeroed b[j] only where a[j] > 0: b[j] is
// (j + 1) * a[j] for a positive a[j] and 0 otherwise, never negative.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "upper-positive-part-safe.c", 7, "reach_error"); }
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
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      if (a[j] > 0) b[j] = b[j] + a[j];
  for (int j = 0; j < n; j++)
    __VERIFIER_assert(b[j] >= 0 && (a[j] <= 0 || b[j] == (j + 1) * a[j]));
  return 0;
}
