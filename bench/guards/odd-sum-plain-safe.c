// expected: safe
// Fills with the odd numbers 2i + 1 and sums them; checks the sum is N * N (N <= 1000). The plain
// twin of odd-sum-safe.c: a VLA, no guard on N.
#include <stdlib.h>
extern void abort(void);
extern void exit(int);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "odd-sum-plain-safe.c", 8, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int N;
int main() {
  N = __VERIFIER_nondet_int();
  if (N <= 0) return 1;
  int a[N];
  if (N > 1000) return 0;
  int sum = 0;
  for (int i = 0; i < N; i++) a[i] = 2 * i + 1;
  for (int i = 0; i < N; i++) sum = sum + a[i];
  __VERIFIER_assert(sum == N * N);
  return 0;
}
