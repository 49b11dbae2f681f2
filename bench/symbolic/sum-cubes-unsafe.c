// expected: unsafe
// Twin of sum-cubes-safe.c: adds a[i]*a[i]*(a[i]+1) instead of a cube (fails from N = 2).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sum-cubes-unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 1000);
  int a[N];
  for (int i = 0; i < N; i++) {
    a[i] = i;
  }
  long long s[1];
  s[0] = 0;
  for (int i = 0; i < N; i++) {
    s[0] = s[0] + (long long) a[i] * a[i] * (a[i] + 1);
  }
  __VERIFIER_assert(4 * s[0] == (long long) N * N * (N - 1) * (N - 1));
  return 0;
}
