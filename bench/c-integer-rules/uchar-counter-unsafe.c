// expected: unsafe
// As uchar-counter-safe, but compared with n itself: equal only while n < 256.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "uchar-counter-unsafe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  if (!(n >= 1 && n <= 1000)) return 0;
  unsigned char c = 0;
  unsigned int i;
  for (i = 0; i < n; i++) c++;
  __VERIFIER_assert(c == n);
  return 0;
}
