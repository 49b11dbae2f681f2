// expected: safe
// Each row cell a[i] accumulates 0 + 1 + ... + (N-1) in an inner loop; a checking loop asserts 2*a[i]
// == N*(N-1).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested-row-index-sum-safe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 1000);
  int a[N];
  for (int i = 0; i < N; i++) {
    a[i] = 0;
    for (int j = 0; j < N; j++) {
      a[i] = a[i] + j;
    }
  }
  for (int i = 0; i < N; i++) {
    __VERIFIER_assert(2 * a[i] == N * (N - 1));
  }
  return 0;
}
