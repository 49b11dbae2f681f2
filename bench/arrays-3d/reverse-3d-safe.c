// expected: safe
// Copies a 3-D array into a second one reversed along all three axes, then checks b[i][j][k] == a[N-1-i][N-1-j][N-1-k].
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "reverse-3d-safe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

#define N 100

int main(void) {
  int a[N][N][N];
  int b[N][N][N];
  int i, j, k;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        a[i][j][k] = __VERIFIER_nondet_int();
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        b[i][j][k] = a[N - 1 - i][N - 1 - j][N - 1 - k];
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        __VERIFIER_assert(b[i][j][k] == a[N - 1 - i][N - 1 - j][N - 1 - k]);
  return 0;
}
