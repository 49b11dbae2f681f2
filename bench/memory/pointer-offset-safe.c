// expected: safe
// Int *p = a + 2 writes p[i] = i over n - 2 cells; checks a[i + 2] == i and that a[0], a[1] keep 9.
#include <string.h>
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "pointer-offset-safe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
void fill(int *p, int m) { for (int i = 0; i < m; i++) p[i] = 3; }

int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 3 && n <= 1000);
  int a[n];
  for (int i = 0; i < n; i++) a[i] = 9;
  int *p = a + 2;
  for (int i = 0; i + 2 < n; i++) p[i] = i;
  __VERIFIER_assert(a[0] == 9 && a[1] == 9);
  for (int i = 0; i + 2 < n; i++) __VERIFIER_assert(a[i + 2] == i);
  return 0;
}
