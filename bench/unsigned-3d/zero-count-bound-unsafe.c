// expected: unsafe
// An unsigned count of the zero cells of a 3-D array of unsigned nondeterministic cells, checked to
// be below n * m * p: when every cell is 0 it equals n * m * p.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "zero-count-bound-unsafe.c", 7, "reach_error"); }
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
  unsigned int zeros = 0;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      for (k = 0; k < p; k++)
        if (a[i][j][k] == 0) zeros++;
  __VERIFIER_assert(zeros < n * m * p);
  return 0;
}
