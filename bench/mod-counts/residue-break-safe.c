// expected: safe
// Counts the indices i < n with i % k == r (k in [1, 8], r < k chosen) and leaves the loop once the
// count reaches limit (limit >= 1): the count never exceeds limit.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "residue-break-safe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  int k = __VERIFIER_nondet_int();
  int r = __VERIFIER_nondet_int();
  int limit = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000 && k >= 1 && k <= 8 && r >= 0 && r < k && limit >= 1)) return 0;
  int a[n];
  for (int i = 0; i < n; i++) a[i] = i % k;
  int count = 0;
  for (int i = 0; i < n; i++) {
    if (a[i] == r) {
      count++;
      if (count >= limit) break;
    }
  }
  __VERIFIER_assert(count <= limit);
  return 0;
}
