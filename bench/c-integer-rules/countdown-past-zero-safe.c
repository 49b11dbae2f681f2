// expected: safe
// An unsigned counter counts down from n - 1 while j < n: past 0 it wraps to UINT_MAX, which ends the
// loop; every cell is written with its index and j ends at 4294967295.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "countdown-past-zero-safe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  if (!(n >= 1 && n <= 1000)) return 0;
  int a[n];
  for (unsigned int i = 0; i < n; i++) a[i] = -1;
  unsigned int j;
  for (j = n - 1; j < n; j--) a[j] = (int) j;
  __VERIFIER_assert(j == 4294967295u);
  for (unsigned int i = 0; i < n; i++) __VERIFIER_assert(a[i] == (int) i);
  return 0;
}
