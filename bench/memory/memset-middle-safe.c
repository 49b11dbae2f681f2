// expected: safe
// Memset(a + 1, -1, sizeof(int) * (n - 2)) sets the inner cells to -1; the ends keep 5.
#include <string.h>
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "memset-middle-safe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
void fill(int *p, int m) { for (int i = 0; i < m; i++) p[i] = 3; }

int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 3 && n <= 1000);
  int a[n];
  for (int i = 0; i < n; i++) a[i] = 5;
  memset(a + 1, -1, sizeof(int) * (n - 2));
  __VERIFIER_assert(a[0] == 5 && a[n - 1] == 5);
  for (int i = 1; i + 1 < n; i++) __VERIFIER_assert(a[i] == -1);
  return 0;
}
