// expected: safe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// A 3-D table filled with an affine function of its indices, then read back cell by cell.
int main(void) {
  int planes = __VERIFIER_nondet_int();
  int rows = __VERIFIER_nondet_int();
  int columns = __VERIFIER_nondet_int();
  assume_abort_if_not(planes > 0 && planes < 10 && rows > 0 && rows < 10 && columns > 0 && columns < 10);
  int t[planes][rows][columns];
  for (int z = 0; z < planes; z++)
    for (int y = 0; y < rows; y++)
      for (int x = 0; x < columns; x++) t[z][y][x] = 3 * z - y + x;
  for (int z = 0; z < planes; z++)
    for (int y = 0; y < rows; y++)
      for (int x = 0; x < columns; x++) __VERIFIER_assert(t[z][y][x] - x == 3 * z - y);
  return 0;
}
