// expected: unsafe
// Memcpy(b + 1, a, (n - 1) * sizeof(int)) after b filled with 0 and a[i] = i; checks b[i] == i - 1
// from cell 1 and b[0] == 0. Buggy twin of memcpy-shift-safe.c: copies from a + 1 (b[i] == i).
#include <string.h>
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "memcpy-shift-unsafe.c", 7, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
void fill(int *p, int m) { for (int i = 0; i < m; i++) p[i] = 3; }

int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 3 && n <= 1000);
  int a[n]; int b[n];
  for (int i = 0; i < n; i++) { a[i] = i; b[i] = 0; }
  memcpy(b + 1, a + 1, (n - 1) * sizeof(int));
  __VERIFIER_assert(b[0] == 0);
  for (int i = 1; i < n; i++) __VERIFIER_assert(b[i] == i - 1);
  return 0;
}
