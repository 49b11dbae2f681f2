// expected: safe
// A pyramid of cells (k <= j <= i < n) of a cube a[n][n][n] set to i - k, then checked non-negative and below n.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "triangular-3d-safe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 100);
  int a[n][n][n];
  int i, j, k;
  for (i = 0; i < n; i++)
    for (j = 0; j <= i; j++)
      for (k = 0; k <= j; k++)
        a[i][j][k] = i - k;
  for (i = 0; i < n; i++)
    for (j = 0; j <= i; j++)
      for (k = 0; k <= j; k++)
        __VERIFIER_assert(0 <= a[i][j][k] && a[i][j][k] < n);
  return 0;
}
