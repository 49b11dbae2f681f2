// expected: safe
// Pass k of N passes adds k to every cell of a zeroed a[N]; checks 2*a[i] == N*(N-1) for every cell.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested-add-pass-index-safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N < 1000);
  int a[N];
  int i, k;
  for (i = 0; i < N; i++) a[i] = 0;
  for (k = 0; k < N; k++) {
    for (i = 0; i < N; i++) {
      a[i] = a[i] + k;
    }
  }
  for (i = 0; i < N; i++) __VERIFIER_assert(2 * a[i] == N * (N - 1));
  return 0;
}
