// expected: unsafe
// The inner bound written j < i + 1, adding 1 to a[j]; checks a[k] == N - k. Buggy twin of triangle-
// count-safe.c: the inner loop starts at 1, so a[0] stays 0 (fails for N = 1).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "triangle-count-unsafe.c", 6, "reach_error"); }
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
    for (int j = 1; j < i + 1; j++) a[j] = a[j] + 1;
  for (int k = 0; k < N; k++) __VERIFIER_assert(a[k] == N - k);
  return 0;
}
