// expected: unsafe
// A 3-D array of unsigned cells shifted by d into a second array (b = a + d, wrapping): the twin
// checks b >= a, false where the addition wraps.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "wrapping-shift-unsafe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int m = __VERIFIER_nondet_uint();
  unsigned int p = __VERIFIER_nondet_uint();
  if (!(n >= 1 && n <= 20 && m >= 1 && m <= 20 && p >= 1 && p <= 20)) return 0;
  unsigned int a[n][m][p];
  unsigned int b[n][m][p];
  unsigned int i, j, k;
  unsigned int d = __VERIFIER_nondet_uint();
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      for (k = 0; k < p; k++)
        a[i][j][k] = __VERIFIER_nondet_uint();
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      for (k = 0; k < p; k++)
        b[i][j][k] = a[i][j][k] + d;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      for (k = 0; k < p; k++)
        __VERIFIER_assert(b[i][j][k] >= a[i][j][k]);
  return 0;
}
