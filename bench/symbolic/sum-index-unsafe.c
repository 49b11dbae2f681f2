// expected: unsafe
// Sums the loop index 0..N-1 into a one-cell accumulator; checks 2*s[0] == N*(N-1). Buggy twin of
// sum-index-safe.c: adds i + 1 instead of i (2*s[0] == N*(N+1)).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sum-index-unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 10000);
  int s[1];
  s[0] = 0;
  for (int i = 0; i < N; i++) {
    s[0] += i + 1;
  }
  __VERIFIER_assert(2 * s[0] == N * (N - 1));
  return 0;
}
