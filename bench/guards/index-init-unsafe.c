// expected: unsafe
// Writes each cell's index and checks the cells are not negative. Guard: __VERIFIER_assume;
// allocation: a cast malloc. Buggy: writes i - 1 (fails for N = 1).
#include <stdlib.h>
extern void abort(void);
extern void exit(int);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "index-init-unsafe.c", 8, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int N;
int main() {
  N = __VERIFIER_nondet_int();
  if (N <= 0) return 1;
  __VERIFIER_assume(N <= 2147483647 / sizeof(int));
  int *a = (int *) malloc(sizeof(int) * N);
  for (int i = 0; i < N; i++) a[i] = i - 1;
  for (int i = 0; i < N; i++) __VERIFIER_assert(a[i] >= 0);
  free(a);
  return 0;
}
