// expected: unsafe
// Fills with N - i and counts the positive cells; checks the count is N. The plain twin of count-
// positive-unsafe.c: a VLA, no guard on N. Buggy: fills with N - i - 1, so the last cell is 0 (fails
// for N = 1).
#include <stdlib.h>
extern void abort(void);
extern void exit(int);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "count-positive-plain-unsafe.c", 9, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int N;
int main() {
  N = __VERIFIER_nondet_int();
  if (N <= 0) return 1;
  int a[N];
  int count = 0;
  for (int i = 0; i < N; i++) a[i] = N - i - 1;
  for (int i = 0; i < N; i++) if (a[i] > 0) count = count + 1;
  __VERIFIER_assert(count == N);
  return 0;
}
