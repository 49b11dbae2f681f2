// expected: safe
// Fills a 3-D array with nondeterministic values, copies the block [0,M)^3 into a second (global, zeroed) array and checks the block.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "copy-partial-3d-safe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

#define N 1000
#define M 500

int b[N][N][N];

int main(void) {
  int a[N][N][N];
  int i, j, k;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        a[i][j][k] = __VERIFIER_nondet_int();
  for (i = 0; i < M; i++)
    for (j = 0; j < M; j++)
      for (k = 0; k < M; k++)
        b[i][j][k] = a[i][j][k];
  for (i = 0; i < M; i++)
    for (j = 0; j < M; j++)
      for (k = 0; k < M; k++)
        __VERIFIER_assert(b[i][j][k] == a[i][j][k]);
  return 0;
}
