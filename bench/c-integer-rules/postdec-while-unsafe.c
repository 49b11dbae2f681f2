// expected: unsafe
// `while (--m > 0)` over an unsigned m = n: the body sees n - 1 … 1 only, so a[0] keeps 0.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "postdec-while-unsafe.c", 6, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  if (!(n >= 1 && n <= 1000)) return 0;
  int a[n];
  for (unsigned int i = 0; i < n; i++) a[i] = 0;
  unsigned int m = n;
  while (--m > 0) a[m] = 1;
  for (unsigned int i = 0; i < n; i++) __VERIFIER_assert(a[i] == 1);
  __VERIFIER_assert(m == 4294967295u);
  return 0;
}
