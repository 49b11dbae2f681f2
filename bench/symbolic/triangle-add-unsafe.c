// expected: unsafe
// An outer loop over i, an inner loop over j <= i adding 2*i to a[j]; checks a[k] == N*N - N - k*k +
// k. Buggy twin of triangle-add-safe.c: the inner loop stops before the diagonal (j < i: fails for N
// = 1).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "triangle-add-unsafe.c", 7, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 1000);
  int a[N];
  for (int k = 0; k < N; k++) a[k] = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < i; j++) a[j] = a[j] + 2 * i;
  for (int k = 0; k < N; k++) __VERIFIER_assert(a[k] == N * N - N - k * k + k);
  return 0;
}
