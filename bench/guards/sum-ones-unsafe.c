// expected: unsafe
// Fills with 1 and sums into a one-cell accumulator; checks the sum is N. Guard: if (!c) abort();
// allocation: malloc(N * sizeof(int)). Buggy: checks sum <= N - 1 (fails for N = 1).
#include <stdlib.h>
extern void abort(void);
extern void exit(int);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sum-ones-unsafe.c", 8, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int N;
int main() {
  N = __VERIFIER_nondet_int();
  if (N <= 0) return 1;
  if (!(N <= 2147483647 / sizeof(int))) abort();
  int *a = (int *) malloc(N * sizeof(int));
  long long sum[1];
  sum[0] = 0;
  for (int i = 0; i < N; i++) a[i] = 1;
  for (int i = 0; i < N; i++) sum[0] = sum[0] + a[i];
  __VERIFIER_assert(sum[0] <= N - 1);
  free(a);
  return 0;
}
