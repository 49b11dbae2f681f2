// expected: unsafe
// As postdec-nonzero-safe, but with a pre-decrement (while (--m)): cell 0 is never updated.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "postdec-nonzero-unsafe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  if (!(n >= 1 && n <= 1000)) return 0;
  int b[n];
  for (unsigned int i = 0; i < n; i++) b[i] = (int) i;
  unsigned int m = n;
  while (--m) b[m] = b[m] + 2;
  for (unsigned int i = 0; i < n; i++) __VERIFIER_assert(b[i] == (int) i + 2);
  return 0;
}
