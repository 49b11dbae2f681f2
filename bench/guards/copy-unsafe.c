// expected: unsafe
// Copies a block of nondeterministic content into another; checks them equal. Guard: if (c) exit(0);
// allocation: calloc(N, sizeof(int)). Buggy: copies a[i] + 1 (fails for N = 1).
#include <stdlib.h>
extern void abort(void);
extern void exit(int);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "copy-unsafe.c", 8, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int N;
int main() {
  N = __VERIFIER_nondet_int();
  if (N <= 0) return 1;
  if (N > 2147483647 / sizeof(int)) exit(0);
  int *a = calloc(N, sizeof(int));
  int *b = calloc(N, sizeof(int));
  for (int i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < N; i++) b[i] = a[i] + 1;
  for (int i = 0; i < N; i++) __VERIFIER_assert(b[i] == a[i]);
  free(a);
  free(b);
  return 0;
}
