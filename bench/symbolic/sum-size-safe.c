// expected: safe
// Adds N to a one-cell accumulator N times; checks s[0] == N*N.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sum-size-safe.c", 6, "reach_error"); }
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
    s[0] = s[0] + N;
  }
  __VERIFIER_assert(s[0] == N * N);
  return 0;
}
