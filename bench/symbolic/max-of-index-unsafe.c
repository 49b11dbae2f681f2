// expected: unsafe
// Initialises a[i] = i, computes the maximum m of the array; checks m == N - 1. Buggy twin of
// max-of-index-safe.c: the maximum loop stops at N - 2 (m == N - 2 from N = 2).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "max-of-index-unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  int a[N];
  int i;
  for (i = 0; i < N; i++) {
    a[i] = i;
  }
  int m = a[0];
  for (i = 1; i < N - 1; i++) {
    if (a[i] > m) {
      m = a[i];
    }
  }
  __VERIFIER_assert(m == N - 1);
  return 0;
}
