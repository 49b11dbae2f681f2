// expected: safe
// Counts the pairs (i, j) of the N x N grid with i + j even into a one-cell accumulator; checks 2*c[0] == N*N + N % 2.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested-parity-count-safe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 1000);
  int c[1];
  c[0] = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if ((i + j) % 2 == 0)
        c[0] = c[0] + 1;
  __VERIFIER_assert(2 * c[0] == N * N + N % 2);
  return 0;
}
