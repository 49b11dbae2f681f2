// expected: unsafe
// Twin of early-return-stride2-pairs-safe.c: the odd cells get 2, so s == 2*N.
extern void abort(void);
#include <stdlib.h>
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "early-return-stride2-pairs-unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int N;

int main(void) {
  N = __VERIFIER_nondet_int();
  if (N <= 0) return 1;
  assume_abort_if_not(N <= 10000);
  int i;
  int a[2 * N];
  for (i = 0; i < 2 * N; i += 2) {
    a[i] = 0;
    a[i + 1] = 2;
  }
  int s = 0;
  for (i = 0; i < 2 * N; i++) s = s + a[i];
  __VERIFIER_assert(s == N);
  return 1;
}
