// expected: unsafe
// Fills with the index and takes the maximum; checks it is N - 1. The plain twin of maximum-
// unsafe.c: a VLA, no guard on N. Buggy: checks max == N (fails for N = 1).
#include <stdlib.h>
extern void abort(void);
extern void exit(int);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "maximum-plain-unsafe.c", 8, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int N;
int main() {
  N = __VERIFIER_nondet_int();
  if (N <= 0) return 1;
  int a[N];
  for (int i = 0; i < N; i++) a[i] = i;
  int max = a[0];
  for (int i = 1; i < N; i++) if (a[i] > max) max = a[i];
  __VERIFIER_assert(max == N);
  return 0;
}
