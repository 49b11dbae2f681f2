// expected: safe
// An unsigned counter from m - 1 down while c < m, past 0 to UINT_MAX, writes 3 * c into each cell
// after a first fill of 7; the cells end as three times their index and c at 4294967295.
// (templates.ts: the countdown lowered to a counter from m, its cell read through c = counter - 1.)
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "countdown-wrap-triple-safe.c", 8, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  unsigned int m = __VERIFIER_nondet_uint();
  if (!(m >= 1 && m <= 500)) return 0;
  int c3[m];
  for (unsigned int i = 0; i < m; i++) c3[i] = 7;
  unsigned int c;
  for (c = m - 1; c < m; c--) c3[c] = 3 * (int) c;
  __VERIFIER_assert(c == 4294967295u);
  for (unsigned int i = 0; i < m; i++) __VERIFIER_assert(c3[i] == 3 * (int) i);
  return 0;
}
