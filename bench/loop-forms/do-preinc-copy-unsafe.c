// expected: unsafe
// A `do { b[i] = a[i]; } while (++i < n);` copies nondet cells into a zeroed b; then every cell is compared. Bug: the test is `++i < n - 1`, so the copy stops one cell short and b[n - 1] stays 0 (fails when a[n - 1] != 0).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "do-preinc-copy-unsafe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int a[n];
  int b[n];
  for (int j = 0; j < n; j++) {
    a[j] = __VERIFIER_nondet_int();
    b[j] = 0;
  }
  int i = 0;
  do {
    b[i] = a[i];
  } while (++i < n - 1);
  for (int j = 0; j < n; j++) __VERIFIER_assert(b[j] == a[j]);
  return 0;
}
