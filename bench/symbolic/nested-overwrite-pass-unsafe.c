// expected: unsafe
// Pass i of N writes i into every cell of b; the bug: the check expects N (the last pass writes N - 1), fails for every N.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested-overwrite-pass-unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 1000);
  int b[N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      b[j] = i;
  for (int k = 0; k < N; k++)
    __VERIFIER_assert(b[k] == N);
  return 0;
}
