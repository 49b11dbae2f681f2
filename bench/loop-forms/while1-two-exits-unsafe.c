// expected: unsafe
// A `while (1)` search leaves by one break at the end of the array and by another at the first zero cell; where it stopped inside the array the cell is 0, and no cell before is. Bug: the zero exit is `{ i++; break; }`, so the zero cell is counted among those before the stop (fails when a cell is 0).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "while1-two-exits-unsafe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int a[n];
  for (int j = 0; j < n; j++) a[j] = __VERIFIER_nondet_int();
  int i = 0;
  while (1) {
    if (i == n) break;
    if (a[i] == 0) { i++; break; }
    i++;
  }
  __VERIFIER_assert(i <= n);
  for (int j = 0; j < i; j++) __VERIFIER_assert(a[j] != 0);
  return 0;
}
