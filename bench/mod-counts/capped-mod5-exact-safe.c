// expected: safe
// Cells set to i % 5, then the zeros counted while the count is below limit: the count is exactly
// min(limit, (n + 4) / 5), the multiples of 5 below n capped at limit.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "capped-mod5-exact-safe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  int limit = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000 && limit >= 0 && limit <= n)) return 0;
  int a[n];
  for (int i = 0; i < n; i++) a[i] = i % 5;
  int count = 0;
  for (int i = 0; i < n; i++)
    if (a[i] == 0 && count < limit) count++;
  int multiples = (n + 4) / 5;
  __VERIFIER_assert(count == (limit < multiples ? limit : multiples));
  return 0;
}
