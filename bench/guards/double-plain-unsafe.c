// expected: unsafe
// Writes a[i] = i then b[i] = 2 * a[i]; checks b[i] == 2 * i. The plain twin of double-unsafe.c: a
// VLA, no guard on N. Buggy: writes b[i] = a[i] + 2 (fails for N = 1).
#include <stdlib.h>
extern void abort(void);
extern void exit(int);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "double-plain-unsafe.c", 8, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int N;
int main() {
  N = __VERIFIER_nondet_int();
  if (N <= 0) return 1;
  int a[N];
  int b[N];
  for (int i = 0; i < N; i++) a[i] = i;
  for (int i = 0; i < N; i++) b[i] = a[i] + 2;
  for (int i = 0; i < N; i++) __VERIFIER_assert(b[i] == 2 * i);
  return 0;
}
