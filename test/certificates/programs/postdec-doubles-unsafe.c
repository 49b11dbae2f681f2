// expected: unsafe
// The twin pre-decrements: while (--r) never doubles cell 0 (p is at least 1 here).
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "postdec-doubles-unsafe.c", 8, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  unsigned int m = __VERIFIER_nondet_uint();
  if (!(m >= 1 && m <= 500)) return 0;
  unsigned int p = __VERIFIER_nondet_uint();
  if (!(p >= 1 && p <= m)) return 0;
  int d[m];
  for (unsigned int i = 0; i < m; i++) d[i] = (int) i + 1;
  unsigned int r = p;
  while (--r) d[r] = d[r] * 2;
  for (unsigned int i = 0; i < m; i++) __VERIFIER_assert(d[i] == (i < p ? 2 : 1) * ((int) i + 1));
  return 0;
}
