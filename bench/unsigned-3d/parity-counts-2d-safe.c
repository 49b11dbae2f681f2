// expected: safe
// Two unsigned counters over a 2-D array of unsigned nondeterministic cells, n and m up to 100: the
// even cells and the odd ones; together they count every cell, n * m.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "parity-counts-2d-safe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int m = __VERIFIER_nondet_uint();
  if (!(n >= 1 && n <= 100 && m >= 1 && m <= 100)) return 0;
  unsigned int a[n][m];
  unsigned int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      a[i][j] = __VERIFIER_nondet_uint();
  unsigned int even = 0;
  unsigned int odd = 0;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++) {
      if (a[i][j] % 2 == 0) even++;
      else odd++;
    }
  __VERIFIER_assert(even + odd == n * m);
  return 0;
}
