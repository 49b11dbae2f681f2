// expected: unsafe
// Twin of early-return-bounded-sum-safe.c: the cells are kept in [1, 10] and the check is sum[0] < N, which no run meets.
extern void abort(void);
#include <stdlib.h>
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "early-return-bounded-sum-unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int N;

int main(void) {
  N = __VERIFIER_nondet_int();
  if (N <= 0) return 1;
  assume_abort_if_not(N <= 10000);
  int i;
  int sum[1];
  int *a = malloc(sizeof(int) * N);
  for (i = 0; i < N; i++) {
    a[i] = __VERIFIER_nondet_int();
    if (a[i] < 1 || a[i] > 10) a[i] = 6;
  }
  sum[0] = 0;
  for (i = 0; i < N; i++) sum[0] = sum[0] + a[i];
  __VERIFIER_assert(sum[0] < N);
  return 1;
}
