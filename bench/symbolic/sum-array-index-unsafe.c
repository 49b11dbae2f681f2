// expected: unsafe
// Initialises a[i] = i, then sums the array contents into s[0]; checks 2*s[0] == N*(N-1). Buggy
// twin of sum-array-index-safe.c: the summing loop stops at N - 2 and misses a[N-1] (fails from N
// = 2).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sum-array-index-unsafe.c", 7, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 10000);
  int a[N];
  int s[1];
  int i;
  for (i = 0; i < N; i++) {
    a[i] = i;
  }
  s[0] = 0;
  for (i = 0; i < N - 1; i++) {
    s[0] = s[0] + a[i];
  }
  __VERIFIER_assert(2 * s[0] == N * (N - 1));
  return 0;
}
