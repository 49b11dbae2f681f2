// expected: safe
// An unsigned char counter incremented n times (n <= 1000) wraps after 255: it ends at n modulo 256,
// which is what (unsigned char) n is.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "uchar-counter-safe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  if (!(n >= 1 && n <= 1000)) return 0;
  unsigned char c = 0;
  unsigned int i;
  for (i = 0; i < n; i++) c++;
  __VERIFIER_assert(c == (unsigned char) n);
  return 0;
}
