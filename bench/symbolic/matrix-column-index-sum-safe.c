// expected: safe
// a[i][j] = j over an N x N matrix; two nested loops sum it; checks 2*s == N*N*(N-1).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "matrix-column-index-sum-safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N < 1000);
  int a[N][N];
  long long s = 0;
  int i, j;
  for (i = 0; i < N; i++) {
    for (j = 0; j < N; j++) {
      a[i][j] = j;
    }
  }
  for (i = 0; i < N; i++) {
    for (j = 0; j < N; j++) {
      s = s + a[i][j];
    }
  }
  __VERIFIER_assert(2 * s == (long long)N * N * (N - 1));
  return 0;
}
