// expected: unsafe
// Initialises a[i] = i, counts the cells below N; checks the count == N. Buggy twin of
// count-below-size-safe.c: counts the cells below N - 1, which misses a[N-1] (c == N - 1).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "count-below-size-unsafe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 10000);
  int a[N];
  int c = 0;
  int i;
  for (i = 0; i < N; i++) {
    a[i] = i;
  }
  for (i = 0; i < N; i++) {
    if (a[i] < N - 1) {
      c = c + 1;
    }
  }
  __VERIFIER_assert(c == N);
  return 0;
}
