// expected: unsafe
// Copies a shifted by one cell into b (b[i] = a[i + 1]) over N - 1 cells; checks b[i] == a[i + 1].
// The plain twin of shift-copy-unsafe.c: a VLA, no guard on N. Buggy: copies a[i] (fails whenever
// two neighbouring cells differ).
#include <stdlib.h>
extern void abort(void);
extern void exit(int);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "shift-copy-plain-unsafe.c", 9, "reach_error"); }
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
  for (int i = 0; i < N; i++) a[i] = i * 3;
  for (int i = 0; i + 1 < N; i++) b[i] = a[i];
  for (int i = 0; i + 1 < N; i++) __VERIFIER_assert(b[i] == a[i + 1]);
  return 0;
}
