// expected: safe
// cells above n / 2 set to i % r (r an input above 0, so the remainder is only bounded) while none is zero yet (read back), else i + 1: the zeros recounted are fewer than two
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "single-variable-mark-safe.c", 9, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  unsigned int r = __VERIFIER_nondet_uint();
  if (!(n > 0 && n <= 1000 && r > 0)) return 0;
  int a[n];
  int k = 0;
  for (int i = 0; i < n; i++) {
    a[i] = i + 1;
    if (i > n / 2 && k < 1) a[i] = i % r;
    if (a[i] == 0) k++;
  }
  int zeros = 0;
  for (int i = 0; i < n; i++) {
    if (a[i] == 0) zeros++;
    __VERIFIER_assert(zeros < 2);
  }
  return 0;
}
