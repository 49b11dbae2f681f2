// expected: unsafe
// a[0] = N and a[i] = a[i - 1] - 2; checks a[j] == N - j for every j. Buggy twin of
// countdown-from-size-safe.c: the step is 2 instead of 1 (a[1] == N - 2 from N = 2).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "countdown-from-size-unsafe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 10000);
  int a[N];
  int i;
  a[0] = N;
  for (i = 1; i < N; i++) {
    a[i] = a[i - 1] - 2;
  }
  for (i = 0; i < N; i++) {
    __VERIFIER_assert(a[i] == N - i);
  }
  return 0;
}
