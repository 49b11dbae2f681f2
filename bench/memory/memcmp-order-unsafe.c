// expected: unsafe
// Two arrays equal but for a chosen cell k, whose lowest byte is smaller in the first: memcmp is negative (the first differing byte in memory order, little-endian).
#include <string.h>
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "memcmp-order-unsafe.c", 7, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 1000);
  int a[n];
  int b[n];
  for (int i = 0; i < n; i++) {
    a[i] = 256 * i;
    b[i] = 256 * i;
  }
  int k = __VERIFIER_nondet_int();
  assume_abort_if_not(k >= -2 && k < n - 2);
  k = k + 2;
  a[k] = 256 * k + 3;
  b[k] = 256 * k + 2;
  __VERIFIER_assert(memcmp(a, b, n * sizeof(int)) < 0);
  return 0;
}
