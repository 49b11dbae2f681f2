// expected: safe
// A helper fill(int *p, int m) called with a + 1 and n - 1 sets p[i] = 3; a[0] keeps 1; checks every
// cell.
#include <string.h>
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "pointer-argument-safe.c", 7, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
void fill(int *p, int m) { for (int i = 0; i < m; i++) p[i] = 3; }

int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 3 && n <= 1000);
  int a[n];
  for (int i = 0; i < n; i++) a[i] = 1;
  fill(a + 1, n - 1);
  __VERIFIER_assert(a[0] == 1);
  for (int i = 1; i < n; i++) __VERIFIER_assert(a[i] == 3);
  return 0;
}
