// expected: unsafe
// b starts at 0 (not a copy of a); a triangular nest for i < n, j >= i adds 2 * a[j]: b[j] is
// (2 * j + 2) * a[j], not (2 * j + 3) * a[j].
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "start-at-self-double-unsafe.c", 8, "reach_error"); }
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
    for (int j = i; j < n; j++)
      b[j] = b[j] + 2 * a[j];
  for (int j = 0; j < n; j++) __VERIFIER_assert(b[j] == (2 * j + 3) * a[j]);
  return 0;
}
