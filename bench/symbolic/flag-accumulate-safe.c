// expected: safe
// A loop-invariant nondeterministic flag selects the increment of a one-cell accumulator (2 or 1);
// checks s[0] == 2*N or s[0] == N accordingly.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "flag-accumulate-safe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N < 100000);
  int flag = __VERIFIER_nondet_int();
  int s[1];
  s[0] = 0;
  for (int i = 0; i < N; i++) {
    if (flag) {
      s[0] += 2;
    } else {
      s[0] += 1;
    }
  }
  if (flag) {
    __VERIFIER_assert(s[0] == 2 * N);
  } else {
    __VERIFIER_assert(s[0] == N);
  }
  return 0;
}
