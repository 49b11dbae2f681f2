// expected: unsafe
// Iteration i (stride 2) writes the pair a[i] = N, a[i + 1] = 1 - N; the bug: the sum is N, not 0, fails for every N.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "stride-two-pairs-unsafe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 1000);
  int a[2 * N];
  int sum[1];
  for (int i = 0; i < 2 * N; i += 2) {
    a[i] = N;
    a[i + 1] = 1 - N;
  }
  sum[0] = 0;
  for (int i = 0; i < 2 * N; i++)
    sum[0] = sum[0] + a[i];
  __VERIFIER_assert(sum[0] == 0);
  return 0;
}
