// expected: unsafe
// Initialises a decreasing array a[i] = N - i, computes its minimum m; checks m == 1 and m <= a[j]
// for every j. Buggy twin of prefix-min-safe.c: the minimum loop stops at N - 2 and misses the
// last (smallest) cell (m == 2 from N = 2).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "prefix-min-unsafe.c", 7, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N < 100000);
  int a[N];
  int i;
  for (i = 0; i < N; i++) {
    a[i] = N - i;
  }
  int m = a[0];
  for (i = 1; i < N - 1; i++) {
    if (a[i] < m) {
      m = a[i];
    }
  }
  for (i = 0; i < N; i++) {
    __VERIFIER_assert(m <= a[i]);
  }
  __VERIFIER_assert(m == 1);
  return 0;
}
