// expected: unsafe
// Even cells get 1, odd cells 3, summed; the bug: the check expects 2N, fails for odd N.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "parity-values-sum-unsafe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 1000);
  int a[N];
  long long s = 0;
  for (int i = 0; i < N; i++) {
    if (i % 2 == 0)
      a[i] = 1;
    else
      a[i] = 3;
  }
  for (int i = 0; i < N; i++)
    s = s + a[i];
  __VERIFIER_assert(s == 2 * (long long) N);
  return 0;
}
