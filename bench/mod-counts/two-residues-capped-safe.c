// expected: safe
// Two counts over n cells, the even indices and the odd ones, each capped at limit: together at most
// n and at most 2 * limit.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "two-residues-capped-safe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  int limit = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000 && limit >= 0 && limit <= n)) return 0;
  int a[n];
  for (int i = 0; i < n; i++) a[i] = i;
  int even = 0;
  int odd = 0;
  for (int i = 0; i < n; i++) {
    if (a[i] % 2 == 0) {
      if (even < limit) even++;
    } else {
      if (odd < limit) odd++;
    }
  }
  __VERIFIER_assert(even + odd <= n && even + odd <= 2 * limit);
  return 0;
}
