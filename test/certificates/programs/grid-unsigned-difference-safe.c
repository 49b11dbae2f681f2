// expected: safe
// Two 2-D arrays of unsigned cells filled with nondeterministic values, their difference stored
// cell by cell (it wraps where the second is larger, as C's unsigned subtraction does), then
// checked cell by cell. Sizes are constants. (The template certifier with exact wraps: the grid's
// cells done per nest; no guess of a value havocked each round, no i == 0 at the heads of a loop
// over i: clause-order.ts, entry-values.ts, grid-guesses.ts.)
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "grid-unsigned-difference-safe.c", 11, "reach_error"); }
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
      __VERIFIER_assert(difference[r][c] == minuend[r][c] - subtrahend[r][c]);
  return 0;
}
