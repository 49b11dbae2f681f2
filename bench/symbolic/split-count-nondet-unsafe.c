// expected: unsafe
// Counts the positive and the other cells of a nondet array in two counters; checks p + q == N. Buggy
// twin of split-count-nondet-safe.c: q is not incremented when a[i] == 0 (fails whenever some cell is
// 0).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "split-count-nondet-unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 10000);
  int a[N];
  int p = 0;
  int q = 0;
  for (int i = 0; i < N; i++) {
    a[i] = __VERIFIER_nondet_int();
  }
  for (int i = 0; i < N; i++) {
    if (a[i] > 0) {
      p = p + 1;
    } else if (a[i] < 0) {
      q = q + 1;
    }
  }
  __VERIFIER_assert(p + q == N);
  return 0;
}
