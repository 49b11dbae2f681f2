// expected: safe
// Two unsigned counters over a 3-D array of unsigned nondeterministic cells: the cells above t and
// those at most t; together they count every cell, n * m * p.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "threshold-counts-safe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int m = __VERIFIER_nondet_uint();
  unsigned int p = __VERIFIER_nondet_uint();
  if (!(n >= 1 && n <= 20 && m >= 1 && m <= 20 && p >= 1 && p <= 20)) return 0;
  unsigned int a[n][m][p];
  unsigned int i, j, k;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      for (k = 0; k < p; k++)
        a[i][j][k] = __VERIFIER_nondet_uint();
  unsigned int t = __VERIFIER_nondet_uint();
  unsigned int above = 0;
  unsigned int rest = 0;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      for (k = 0; k < p; k++) {
        if (a[i][j][k] > t) above++;
        if (a[i][j][k] <= t) rest++;
      }
  __VERIFIER_assert(above + rest == n * m * p);
  return 0;
}
