// expected: unsafe
// As nested-product-sum-safe; the bug: adds i * (j + 1), so the sum is N(N-1)/2 * N(N+1)/2 (fails from N = 2).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested-product-sum-unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 1000);
  long long s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s = s + (long long) i * (j + 1);
  __VERIFIER_assert(4 * s == (long long) N * N * (N - 1) * (N - 1));
  return 0;
}
