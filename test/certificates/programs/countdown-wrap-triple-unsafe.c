// expected: unsafe
// The twin starts at m - 2: the last cell keeps its 7, and the check of every cell fails there.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "countdown-wrap-triple-unsafe.c", 8, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  unsigned int m = __VERIFIER_nondet_uint();
  if (!(m >= 1 && m <= 500)) return 0;
  int c3[m];
  for (unsigned int i = 0; i < m; i++) c3[i] = 7;
  unsigned int c;
  for (c = m - 2; c < m; c--) c3[c] = 3 * (int) c;
  for (unsigned int i = 0; i < m; i++) __VERIFIER_assert(c3[i] == 3 * (int) i);
  return 0;
}
