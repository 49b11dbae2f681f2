// expected: unsafe
// the modulus a variable assigned once (unsigned m = 4): cells from n / 3 on set to i % m, the others i + 2; the zeros counted and checked in the loop against n / 8, which the first zero (at 0 for n < 3) already exceeds
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "variable-modulus-zeros-unsafe.c", 8, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000)) return 0;
  int a[n];
  unsigned int m = 4;
  int start = n / 3;
  for (int i = 0; i < n; i++) {
    a[i] = i + 2;
    if (i >= start) a[i] = i % m;
  }
  int zeros = 0;
  for (int i = 0; i < n; i++) {
    if (a[i] == 0) zeros++;
    __VERIFIER_assert(zeros <= n / 8);
  }
  return 0;
}
