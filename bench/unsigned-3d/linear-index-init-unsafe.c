// expected: unsafe
// A 3-D array filled in row-major order from an unsigned counter; the check uses i * m * p + j * m + k,
// which is not the linear index when m != p.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "linear-index-init-unsafe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int m = __VERIFIER_nondet_uint();
  unsigned int p = __VERIFIER_nondet_uint();
  if (!(n >= 1 && n <= 20 && m >= 1 && m <= 20 && p >= 1 && p <= 20)) return 0;
  unsigned int a[n][m][p];
  unsigned int i, j, k;
  unsigned int c = 0;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      for (k = 0; k < p; k++) {
        a[i][j][k] = c;
        c++;
      }
  __VERIFIER_assert(c == n * m * p);
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      for (k = 0; k < p; k++)
        __VERIFIER_assert(a[i][j][k] == i * m * p + j * m + k);
  return 0;
}
