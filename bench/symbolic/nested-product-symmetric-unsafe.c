// expected: unsafe
// Fills int m[N][N] with i*j and checks m[i][j] == m[j][i] for every pair in a nested checking loop.
// Buggy twin of nested-product-symmetric-safe.c: the fill writes i*j + i, which is not symmetric
// (fails from N = 2).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested-product-symmetric-unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 1000);
  int m[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      m[i][j] = i * j + i;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      __VERIFIER_assert(m[i][j] == m[j][i]);
  return 0;
}
