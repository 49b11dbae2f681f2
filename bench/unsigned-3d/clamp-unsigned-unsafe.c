// expected: unsafe
// As clamp-unsigned-safe, the clamp skips the cells equal to c + 1: such a cell stays above c.
// (A near miss: it is below c + 2 only.)
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "clamp-unsigned-unsafe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int m = __VERIFIER_nondet_uint();
  unsigned int p = __VERIFIER_nondet_uint();
  if (!(n >= 1 && n <= 20 && m >= 1 && m <= 20 && p >= 1 && p <= 20)) return 0;
  unsigned int c = __VERIFIER_nondet_uint();
  if (c > 1000) return 0;
  unsigned int a[n][m][p];
  unsigned int i, j, k;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      for (k = 0; k < p; k++)
        a[i][j][k] = __VERIFIER_nondet_uint();
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      for (k = 0; k < p; k++)
        if (a[i][j][k] > c + 1) a[i][j][k] = c;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      for (k = 0; k < p; k++)
        __VERIFIER_assert(a[i][j][k] <= c);
  return 0;
}
