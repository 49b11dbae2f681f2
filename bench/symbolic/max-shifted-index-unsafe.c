// expected: unsafe
// Initialises a[i] = i + N, computes the maximum m from m = 0; checks m == 2 * N - 1. Buggy twin of
// max-shifted-index-safe.c: the maximum loop starts at i = 1, so for N = 1 the maximum stays 0.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "max-shifted-index-unsafe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 10000);
  int a[N];
  int m = 0;
  int i;
  for (i = 0; i < N; i++) {
    a[i] = i + N;
  }
  for (i = 1; i < N; i++) {
    if (a[i] > m) {
      m = a[i];
    }
  }
  __VERIFIER_assert(m == 2 * N - 1);
  return 0;
}
