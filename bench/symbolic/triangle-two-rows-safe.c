// expected: safe
// A 2 × N array: the inner loop over j <= i adds 1 to m[0][j] and i to m[1][j]; checks m[0][k] == N
// - k and 2*m[1][k] == N*N - N - k*k + k.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "triangle-two-rows-safe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 1000);
  int m[2][N];
  for (int k = 0; k < N; k++) {
    m[0][k] = 0;
    m[1][k] = 0;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++) {
      m[0][j] = m[0][j] + 1;
      m[1][j] = m[1][j] + i;
    }
  for (int k = 0; k < N; k++) {
    __VERIFIER_assert(m[0][k] == N - k);
    __VERIFIER_assert(2 * m[1][k] == N * N - N - k * k + k);
  }
  return 0;
}
