// expected: unsafe
// Buggy twin of grid-unsigned-difference-safe.c: the check subtracts the other way round, which
// differs wherever the two cells differ.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "grid-unsigned-difference-unsafe.c", 8, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int rows = 300, columns = 700;
  unsigned int minuend[rows][columns];
  unsigned int subtrahend[rows][columns];
  unsigned int difference[rows][columns];
  int r, c;
  for (r = 0; r < rows; r++)
    for (c = 0; c < columns; c++) {
      minuend[r][c] = __VERIFIER_nondet_uint();
      subtrahend[r][c] = __VERIFIER_nondet_uint();
    }
  for (r = 0; r < rows; r++)
    for (c = 0; c < columns; c++)
      difference[r][c] = minuend[r][c] - subtrahend[r][c];
  for (r = 0; r < rows; r++)
    for (c = 0; c < columns; c++)
      __VERIFIER_assert(difference[r][c] == subtrahend[r][c] - minuend[r][c]);
  return 0;
}
