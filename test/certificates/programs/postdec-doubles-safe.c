// expected: safe
// while (r--) over an unsigned r from m, below a nondeterministic prefix length p <= m: the body sees
// r = p - 1 … 0 and doubles each cell; cells below p end as 2 * (i + 1), the others as i + 1.
// (templates.ts: the start p read through r = p, the cells from p up never reached, 0 <= p.)
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "postdec-doubles-safe.c", 8, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  unsigned int m = __VERIFIER_nondet_uint();
  if (!(m >= 1 && m <= 500)) return 0;
  unsigned int p = __VERIFIER_nondet_uint();
  if (!(p <= m)) return 0;
  int d[m];
  for (unsigned int i = 0; i < m; i++) d[i] = (int) i + 1;
  unsigned int r = p;
  while (r--) d[r] = d[r] * 2;
  for (unsigned int i = 0; i < m; i++) __VERIFIER_assert(d[i] == (i < p ? 2 : 1) * ((int) i + 1));
  return 0;
}
