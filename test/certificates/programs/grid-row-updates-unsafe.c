// expected: unsafe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// The twin of grid-row-updates-safe.c whose first update skips the last column: its cells end at
// 2i + 2j, not 4i + 5j (for n > 1: gcc stops at the assertion for n = 2, m = 1).
int main(void) {
  int n = __VERIFIER_nondet_int();
  int m = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 50 && m > 0 && m <= 50);
  int g[n][m];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) g[i][j] = i + 2 * j;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m - 1; j++) g[i][j] = 3 * g[i][j] - j;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) g[i][j] = g[i][j] + i;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) __VERIFIER_assert(g[i][j] == 4 * i + 5 * j);
  return 0;
}
