// expected: unsafe
// Nested loops with `continue` in both: the outer loop skips odd cells (left 0), the inner loop of 4 passes skips its pass 1 and adds 2 otherwise; even cells end at 6. Bug: the inner `continue` is a `break`, so even cells end at 2 (fails for every n).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested-continue-unsafe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int a[n];
  for (int i = 0; i < n; i++) {
    a[i] = 0;
    if (i % 2 == 1) continue;
    for (int k = 0; k < 4; k++) {
      if (k == 1) break;
      a[i] += 2;
    }
  }
  for (int j = 0; j < n; j++) __VERIFIER_assert(a[j] == (j % 2 == 0 ? 6 : 0));
  return 0;
}
