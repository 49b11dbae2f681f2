// expected: unsafe
// Two one-cell accumulators in one loop: s[0] += i and t[0] += N - 1 - i; checks s[0] == t[0].
// Buggy twin of two-accumulators-safe.c: t[0] += N - i (t[0] == s[0] + N).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "two-accumulators-unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 10000);
  int s[1];
  int t[1];
  s[0] = 0;
  t[0] = 0;
  for (int i = 0; i < N; i++) {
    s[0] += i;
    t[0] += N - i;
  }
  __VERIFIER_assert(s[0] == t[0]);
  return 0;
}
