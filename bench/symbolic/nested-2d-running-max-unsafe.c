// expected: unsafe
// Running maximum of an N x N grid of nondet values; the bug: the check is strict, and the cell that holds the maximum fails it (every run).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested-2d-running-max-unsafe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 1000);
  int a[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      a[i][j] = __VERIFIER_nondet_int();
  int m = a[0][0];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (a[i][j] > m)
        m = a[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      __VERIFIER_assert(a[i][j] < m);
  return 0;
}
