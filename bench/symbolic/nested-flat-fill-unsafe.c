// expected: unsafe
// A flattened N*N array is zeroed by one loop, set to 1 by a nested loop over m[i*N + j], and
// summed by a third loop; checks the sum == N*N. Buggy twin of nested-flat-fill-safe.c: the inner
// loop stops at j < N - 1, so one column stays 0 (sum == N*(N-1)).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested-flat-fill-unsafe.c", 7, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 1000);
  int m[N * N];
  int s = 0;
  for (int k = 0; k < N * N; k++) {
    m[k] = 0;
  }
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N - 1; j++) {
      m[i * N + j] = 1;
    }
  }
  for (int k = 0; k < N * N; k++) {
    s = s + m[k];
  }
  __VERIFIER_assert(s == N * N);
  return 0;
}
