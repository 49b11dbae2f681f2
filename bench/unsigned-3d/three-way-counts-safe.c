// expected: safe
// Three unsigned counters over a 3-D array of unsigned nondeterministic cells: the cells below t,
// equal to t and above t (an if-else chain); together they count every cell, n * m * p.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "three-way-counts-safe.c", 7, "reach_error"); }
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
  unsigned int below = 0;
  unsigned int equal = 0;
  unsigned int above = 0;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      for (k = 0; k < p; k++) {
        if (a[i][j][k] < t) below++;
        else if (a[i][j][k] == t) equal++;
        else above++;
      }
  __VERIFIER_assert(below + equal + above == n * m * p);
  return 0;
}
