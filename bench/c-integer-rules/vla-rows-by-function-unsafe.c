// expected: unsafe
// Rows of a 2-D VLA passed to a helper that adds v to the cells j < m - 1 only: the last column keeps
// 0, not i + 1.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "vla-rows-by-function-unsafe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

void add_to_row(int m, int row[m], int v) {
  for (int j = 0; j < m - 1; j++) row[j] = row[j] + v;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  int m = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 100 && m > 0 && m <= 100)) return 0;
  int a[n][m];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) a[i][j] = 0;
  for (int i = 0; i < n; i++) add_to_row(m, a[i], i);
  for (int i = 0; i < n; i++) add_to_row(m, a[i], 1);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) __VERIFIER_assert(a[i][j] == i + 1);
  return 0;
}
