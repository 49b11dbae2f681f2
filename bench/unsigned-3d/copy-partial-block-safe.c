// expected: safe
// A 3-D array of unsigned nondeterministic cells; the block of planes i < q and rows j < m / 2 is copied
// into a zeroed twin (q nondeterministic, at most n): the block equals the original, the rest is 0.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "copy-partial-block-safe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int m = __VERIFIER_nondet_uint();
  unsigned int p = __VERIFIER_nondet_uint();
  if (!(n >= 1 && n <= 20 && m >= 1 && m <= 20 && p >= 1 && p <= 20)) return 0;
  unsigned int a[n][m][p];
  unsigned int b[n][m][p];
  unsigned int i, j, k;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      for (k = 0; k < p; k++) {
        a[i][j][k] = __VERIFIER_nondet_uint();
        b[i][j][k] = 0;
      }
  unsigned int q = __VERIFIER_nondet_uint();
  if (q > n) q = n;
  for (i = 0; i < q; i++)
    for (j = 0; j < m / 2; j++)
      for (k = 0; k < p; k++)
        b[i][j][k] = a[i][j][k];
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      for (k = 0; k < p; k++)
        if (i < q && j < m / 2)
          __VERIFIER_assert(b[i][j][k] == a[i][j][k]);
        else
          __VERIFIER_assert(b[i][j][k] == 0);
  return 0;
}
