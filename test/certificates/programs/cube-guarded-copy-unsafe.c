// expected: unsafe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// The copy also takes the diagonal, which the check expects to keep the mark -1.
int main(void) {
  int n = __VERIFIER_nondet_int();
  int m = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 6 && m > 0 && m < 6);
  int source[n][m][m];
  int target[n][m][m];
  for (int k = 0; k < n; k++)
    for (int r = 0; r < m; r++)
      for (int c = 0; c < m; c++) {
        source[k][r][c] = __VERIFIER_nondet_int();
        target[k][r][c] = -1;
      }
  for (int k = 0; k < n; k++)
    for (int r = 0; r < m; r++)
      for (int c = 0; c < m; c++)
        if (r <= c) target[k][r][c] = source[k][r][c];
  for (int k = 0; k < n; k++)
    for (int r = 0; r < m; r++)
      for (int c = 0; c < m; c++) {
        if (r < c)
          __VERIFIER_assert(target[k][r][c] == source[k][r][c]);
        else
          __VERIFIER_assert(target[k][r][c] == -1);
      }
  return 0;
}
