// expected: unsafe
// Memcpy(b, a, n * sizeof(int)) of nondet content; checks b[i] == a[i] for every cell. Buggy twin of
// memcpy-whole-safe.c: copies n - 1 cells (fails whenever b[n-1] differs from a[n-1]).
#include <string.h>
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "memcpy-whole-unsafe.c", 7, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
void fill(int *p, int m) { for (int i = 0; i < m; i++) p[i] = 3; }

int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 3 && n <= 1000);
  int a[n]; int b[n];
  for (int i = 0; i < n; i++) { a[i] = __VERIFIER_nondet_int(); b[i] = __VERIFIER_nondet_int(); }
  memcpy(b, a, (n - 1) * sizeof(int));
  for (int i = 0; i < n; i++) __VERIFIER_assert(b[i] == a[i]);
  return 0;
}
