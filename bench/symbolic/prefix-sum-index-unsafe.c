// expected: unsafe
// Prefix sums of the index: p[0] = 0, p[i] = p[i-1] + i; checks 2*p[N-1] == N*(N-1). Buggy twin of
// prefix-sum-index-safe.c: adds i - 1 instead of i (fails from N = 2).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "prefix-sum-index-unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 10000);
  int p[N];
  p[0] = 0;
  for (int i = 1; i < N; i++) {
    p[i] = p[i - 1] + i - 1;
  }
  if (!(2 * p[N - 1] == N * (N - 1))) reach_error();
  return 0;
}
