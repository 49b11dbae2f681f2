// expected: safe
// n unsigned short cells (65535 allowed); h[i] + 1 is computed in int after promotion, so it never
// wraps: every cell is below h[i] + 1 and the count is n.
extern int __VERIFIER_nondet_int(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "ushort-promotion-safe.c", 8, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000)) return 0;
  unsigned short h[n];
  for (int i = 0; i < n; i++) h[i] = __VERIFIER_nondet_ushort();
  int count = 0;
  for (int i = 0; i < n; i++)
    if (h[i] + 1 > h[i]) count++;
  __VERIFIER_assert(count == n);
  return 0;
}
