// expected: unsafe
// N passes add 2 to every cell of a[N]; a one-cell accumulator sums the cells; checks the sum == 2*N*N - 2 (wrong).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested-increment-sum-unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N < 10000);
  int a[N];
  long long s[1];
  int i, j;
  for (i = 0; i < N; i++) a[i] = 0;
  for (j = 0; j < N; j++) {
    for (i = 0; i < N; i++) {
      a[i] = a[i] + 2;
    }
  }
  s[0] = 0;
  for (i = 0; i < N; i++) s[0] = s[0] + a[i];
  __VERIFIER_assert(s[0] == 2LL * N * N - 2);
  return 0;
}
