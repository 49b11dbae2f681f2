// expected: unsafe
// The inner loop over j <= i adds i*i to a[j]; checks 6*a[k] == (N-1)*N*(2*N-1) - (k-1)*k*(2*k-1).
// Buggy twin of triangle-squares-safe.c: adds i*(i+1) (fails from N = 2).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "triangle-squares-unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 500);
  int a[N];
  for (int k = 0; k < N; k++) a[k] = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++) a[j] = a[j] + i * i + i;
  for (int k = 0; k < N; k++) __VERIFIER_assert(6 * a[k] == (N - 1) * N * (2 * N - 1) - (k - 1) * k * (2 * k - 1));
  return 0;
}
