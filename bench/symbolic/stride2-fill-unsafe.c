// expected: unsafe
// A stride-2 loop fills a[2N] with 0 at even and 1 at odd cells; a second loop sums all 2N cells;
// checks the sum == N. Buggy twin of stride2-fill-safe.c: the odd cells get 2 instead of 1 (sum ==
// 2*N).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "stride2-fill-unsafe.c", 7, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N < 100000);
  int a[2 * N];
  int s = 0;
  int i;
  for (i = 0; i < 2 * N; i += 2) {
    a[i] = 0;
    a[i + 1] = 2;
  }
  for (i = 0; i < 2 * N; i++) {
    s = s + a[i];
  }
  if (!(s == N)) reach_error();
  return 0;
}
