// expected: safe
// Initialises b[i] = 2, computes prefix sums p[i] = p[i-1] + b[i] with p[0] = b[0]; checks p[N-1]
// == 2*N.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "prefix-sum-constant-safe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N < 100000);
  int b[N];
  int p[N];
  int i;
  for (i = 0; i < N; i++) {
    b[i] = 2;
  }
  p[0] = b[0];
  for (i = 1; i < N; i++) {
    p[i] = p[i - 1] + b[i];
  }
  __VERIFIER_assert(p[N - 1] == 2 * N);
  return 0;
}
