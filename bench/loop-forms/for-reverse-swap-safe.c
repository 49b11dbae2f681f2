// expected: safe
// An in-place reversal `for (i = 0, k = n - 1; i < k; i++, k--)` (two counters in the update) swaps cells of nondet content; each cell then holds the copy's mirror cell.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "for-reverse-swap-safe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int a[n];
  int b[n];
  for (int j = 0; j < n; j++) {
    a[j] = __VERIFIER_nondet_int();
    b[j] = a[j];
  }
  for (int i = 0, k = n - 1; i < k; i++, k--) {
    int t = a[i];
    a[i] = a[k];
    a[k] = t;
  }
  for (int j = 0; j < n; j++) __VERIFIER_assert(a[j] == b[n - 1 - j]);
  return 0;
}
