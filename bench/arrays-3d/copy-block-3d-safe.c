// expected: safe
// A block of planes [0, q) of a nondeterministic 3-D array is copied into a zeroed twin; the block
// equals the original, the rest is still 0.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "copy-block-3d-safe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  int m = __VERIFIER_nondet_int();
  int p = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 100);
  assume_abort_if_not(m > 0 && m <= 100);
  assume_abort_if_not(p > 0 && p <= 100);
  int a[n][m][p];
  int b[n][m][p];
  int i, j, k;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      for (k = 0; k < p; k++) {
        a[i][j][k] = __VERIFIER_nondet_int();
        b[i][j][k] = 0;
      }
  int q = __VERIFIER_nondet_int();
  if (q < 0) q = 0;
  if (q > n) q = n;
  for (i = 0; i < q; i++)
    for (j = 0; j < m; j++)
      for (k = 0; k < p; k++)
        b[i][j][k] = a[i][j][k];
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      for (k = 0; k < p; k++)
        if (i < q)
          __VERIFIER_assert(b[i][j][k] == a[i][j][k]);
        else
          __VERIFIER_assert(b[i][j][k] == 0);
  return 0;
}
