// expected: unsafe
// An N × N array: the inner loop over j <= i sets m[i][j] = i - j; every cell of the lower triangle
// checked. Buggy twin of triangle-lower-set-safe.c: sets i + j (fails from N = 2).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "triangle-lower-set-unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 1000);
  int m[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++) m[i][j] = i + j;
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++) __VERIFIER_assert(m[i][j] == i - j);
  return 0;
}
