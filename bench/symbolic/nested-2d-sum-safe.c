// expected: safe
// Sets every cell of int m[N][N] to 2 with a nested loop, sums them with another; checks s == 2*N*N.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested-2d-sum-safe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 1000);
  int m[N][N];
  int s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      m[i][j] = 2;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s = s + m[i][j];
  __VERIFIER_assert(s == 2 * N * N);
  return 0;
}
