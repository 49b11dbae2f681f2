// expected: unsafe
// Fills the first N cells with min(i, 7) and checks they are at most 7. The plain twin of fill-
// bound-unsafe.c: a VLA, no guard on N. Buggy: fills with min(i, 8) (fails from N = 9).
#include <stdlib.h>
extern void abort(void);
extern void exit(int);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "fill-bound-plain-unsafe.c", 8, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int N;
int main() {
  N = __VERIFIER_nondet_int();
  if (N <= 0) return 1;
  int a[N];
  for (int i = 0; i < N; i++) { if (i < 8) a[i] = i; else a[i] = 8; }
  for (int i = 0; i < N; i++) __VERIFIER_assert(a[i] <= 7);
  return 0;
}
