// expected: unsafe
// Writes 1 at even and 0 at odd cells (i % 2), counts the even writes and sums the array; checks 2*s
// >= N and s == c. Buggy twin of parity-fill-count-safe.c: the count is also incremented at odd cells
// (c == N).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "parity-fill-count-unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 10000);
  int a[N];
  int c = 0;
  int s = 0;
  for (int i = 0; i < N; i++) {
    if (i % 2 == 0) {
      a[i] = 1;
    } else {
      a[i] = 0;
    }
    c = c + 1;
  }
  for (int i = 0; i < N; i++) {
    s = s + a[i];
  }
  __VERIFIER_assert(2 * s >= N && s == c);
  return 0;
}
