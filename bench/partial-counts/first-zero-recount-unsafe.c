// expected: unsafe
// The buggy twin lets two cells past n/2 be zero (k < 2): the recount reaches 2 once n/2 is followed by two multiples of 4 (n = 13: cells 8 and 12).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "first-zero-recount-unsafe.c", 6, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 100000) return 0;
  int a[n];
  int j = 0, k = 0;
  for (int i = 0; i < n; i++) {
    a[i] = i + 2;
    if (i > n / 2 && k < 2) a[i] = i % 4;
    if (a[i] == 0) k++;
  }
  for (int i = 0; i < n; i++) {
    if (a[i] == 0) j++;
    __VERIFIER_assert(j < 2);
  }
  return 0;
}
