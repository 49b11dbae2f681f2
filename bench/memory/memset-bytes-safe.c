// expected: safe
// Memset of an unsigned char array with 7 by sizeof, then a sum over it; checks sum == 7 * 8.
#include <string.h>
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "memset-bytes-safe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
void fill(int *p, int m) { for (int i = 0; i < m; i++) p[i] = 3; }

int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 3 && n <= 1000);
  unsigned char c[8];
  for (int i = 0; i < 8; i++) c[i] = __VERIFIER_nondet_uchar();
  memset(c, 7, sizeof(c));
  int sum = 0;
  for (int i = 0; i < 8; i++) sum = sum + c[i];
  __VERIFIER_assert(sum == 7 * 8);
  return 0;
}
