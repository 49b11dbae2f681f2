// expected: unsafe
// Nested loops: for each cell an inner loop of at most 5 passes adds 4 and breaks once the cell reaches 10; every cell ends at 12. Bug: the inner loop breaks at 8, so the cells end at 8 (fails for every n).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested-break-unsafe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int a[n];
  for (int i = 0; i < n; i++) {
    a[i] = 0;
    for (int k = 0; k < 5; k++) {
      if (a[i] >= 8) break;
      a[i] += 4;
    }
  }
  for (int j = 0; j < n; j++) __VERIFIER_assert(a[j] == 12);
  return 0;
}
