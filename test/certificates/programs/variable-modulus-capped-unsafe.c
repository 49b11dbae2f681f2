// expected: unsafe
// the modulus a variable assigned once (unsigned m = 2): cells set to i % m while fewer than limit are zero (read back), else i + 1; the zeros recounted, checked against limit - 1, which the limit-th zero exceeds
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "variable-modulus-capped-unsafe.c", 8, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  int limit = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000 && limit > 0 && limit < n)) return 0;
  int a[n];
  unsigned int m = 2;
  int k = 0;
  for (int i = 0; i < n; i++) {
    a[i] = i + 1;
    if (k < limit) a[i] = i % m;
    if (a[i] == 0) k++;
  }
  int zeros = 0;
  for (int i = 0; i < n; i++) {
    if (a[i] == 0) zeros++;
    __VERIFIER_assert(zeros <= limit - 1);
  }
  return 0;
}
