// expected: unsafe
// A backward goto inside a fill loop (`retry: v = nondet(); if (v < 0 || v > 9) goto retry;`) reads until a digit comes; every cell is a digit. Bug: the retry test is `v < -1`, so a -1 is stored (fails when -1 is read).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "goto-retry-unsafe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int a[n];
  for (int i = 0; i < n; i++) {
    int v;
  retry:
    v = __VERIFIER_nondet_int();
    if (v < -1 || v > 9) goto retry;
    a[i] = v;
  }
  for (int j = 0; j < n; j++) __VERIFIER_assert(a[j] >= 0 && a[j] <= 9);
  return 0;
}
