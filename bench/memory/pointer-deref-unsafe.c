// expected: unsafe
// *(a + k) reads and writes through an offset expression: a[i] = 2 * i via *(a + i); checks *(a + i)
// - *(a + i - 1) == 2. Buggy twin of pointer-deref-safe.c: writes 2 * i + (i == 3) (fails from n =
// 4).
#include <string.h>
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "pointer-deref-unsafe.c", 8, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
void fill(int *p, int m) { for (int i = 0; i < m; i++) p[i] = 3; }

int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 3 && n <= 1000);
  int a[n];
  for (int i = 0; i < n; i++) *(a + i) = 2 * i + (i == 3);
  for (int i = 1; i < n; i++) __VERIFIER_assert(*(a + i) - *(a + i - 1) == 2);
  return 0;
}
