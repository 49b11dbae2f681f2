// expected: unsafe
// As countdown-prefix-safe, but the counter steps by 2: every other cell below k stays 0 once k >= 2
// (the counter still wraps past 0 and ends the loop).
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "countdown-prefix-unsafe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  if (!(n >= 1 && n <= 1000)) return 0;
  unsigned int k = __VERIFIER_nondet_uint();
  if (!(k <= n)) return 0;
  int b[n];
  for (unsigned int i = 0; i < n; i++) b[i] = 0;
  unsigned int j;
  for (j = k - 1; j < k; j -= 2) b[j] = 1;
  __VERIFIER_assert(j == 4294967295u || j == 4294967294u);
  for (unsigned int i = 0; i < n; i++) __VERIFIER_assert(b[i] == (i < k ? 1 : 0));
  return 0;
}
