// expected: unsafe
// An and over 16 nondeterministic ints from -1, against the and of the two halves folded in separate
// loops and combined, the second half missing its first cell: a cell with a zero bit there breaks it.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "unrolled-and-halves-unsafe.c", 7, "reach_error"); }

#define N 16

int main(void) {
  int x[N];
  for (int i = 0; i < N; i++) x[i] = __VERIFIER_nondet_int();
  int whole = -1;
  for (int i = 0; i < N; i++) whole = whole & x[i];
  int first = -1;
  for (int i = 0; i < N / 2; i++) first = first & x[i];
  int second = -1;
  for (int i = N / 2 + 1; i < N; i++) second = second & x[i];
  if (whole != (first & second)) reach_error();
  return 0;
}
