// expected: unsafe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// As grid-minimum-safe.c, but the minimum is expected below every cell (it is one of them).
int main(void) {
  int rows = __VERIFIER_nondet_int();
  int columns = __VERIFIER_nondet_int();
  assume_abort_if_not(rows > 0 && rows < 100 && columns > 0 && columns < 100);
  int g[rows][columns];
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < columns; c++) g[r][c] = __VERIFIER_nondet_int();
  int low = g[0][0];
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < columns; c++)
      if (g[r][c] < low) low = g[r][c];
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < columns; c++) __VERIFIER_assert(low < g[r][c]);
  return 0;
}
