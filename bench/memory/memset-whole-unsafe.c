// expected: unsafe
// Memset(a, 0, n * sizeof(int)) on a VLA of nondet content, then every cell checked to be 0. Buggy
// twin of memset-whole-safe.c: sets n - 1 cells, so the last keeps its content (fails whenever it is
// not 0).
#include <string.h>
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "memset-whole-unsafe.c", 8, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
void fill(int *p, int m) { for (int i = 0; i < m; i++) p[i] = 3; }

int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 3 && n <= 1000);
  int a[n];
  for (int i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int();
  memset(a, 0, (n - 1) * sizeof(int));
  for (int i = 0; i < n; i++) __VERIFIER_assert(a[i] == 0);
  return 0;
}
