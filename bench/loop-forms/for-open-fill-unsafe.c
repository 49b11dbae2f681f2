// expected: unsafe
// A `for (i = 0; ; i++)` without a condition leaves by `if (i >= n) break;` in its body; cells get n - i, all at least 1, and i ends at n. Bug: cells get n - i - 1, so the last one is 0 (fails for every n).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "for-open-fill-unsafe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int a[n];
  int i;
  for (i = 0; ; i++) {
    if (i >= n) break;
    a[i] = n - i - 1;
  }
  __VERIFIER_assert(i == n);
  for (int j = 0; j < n; j++) __VERIFIER_assert(a[j] >= 1);
  return 0;
}
