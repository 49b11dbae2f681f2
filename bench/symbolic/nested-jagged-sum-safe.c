// expected: safe
// A jagged N x N grid (an array of N row pointers, each row allocated in a loop) filled with 1, summed into a one-cell accumulator: the sum is N*N.
#include <stdlib.h>
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested-jagged-sum-safe.c", 7, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 1000);
  int **a = malloc(sizeof(int *) * N);
  for (int i = 0; i < N; i++)
    a[i] = malloc(sizeof(int) * N);
  long long sum[1];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      a[i][j] = 1;
  sum[0] = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum[0] = sum[0] + a[i][j];
  __VERIFIER_assert(sum[0] == (long long) N * N);
  return 0;
}
