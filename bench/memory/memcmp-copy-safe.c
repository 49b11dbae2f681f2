// expected: safe
// memcpy of n nondeterministic cells, then memcmp of the two ranges is 0.
#include <string.h>
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "memcmp-copy-safe.c", 7, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 1000);
  int a[n];
  int b[n];
  for (int i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int();
  memcpy(b, a, n * sizeof(int));
  
  __VERIFIER_assert(memcmp(a, b, n * sizeof(int)) == 0);
  return 0;
}
