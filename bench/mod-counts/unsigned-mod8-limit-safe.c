// expected: safe
// n unsigned nondeterministic cells; those that are 0 modulo 8 are counted while the count is below
// limit, and each counted cell is cleared: the cleared cells recounted equal the count, at most limit.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "unsigned-mod8-limit-safe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int limit = __VERIFIER_nondet_uint();
  if (!(n >= 1 && n <= 1000 && limit <= n)) return 0;
  unsigned int a[n];
  for (unsigned int i = 0; i < n; i++) a[i] = i % 7 + 1;
  unsigned int count = 0;
  for (unsigned int i = 0; i < n; i++) {
    unsigned int v = __VERIFIER_nondet_uint();
    if (v % 8 == 0 && count < limit) {
      a[i] = 0;
      count++;
    }
  }
  unsigned int cleared = 0;
  for (unsigned int i = 0; i < n; i++)
    if (a[i] == 0) cleared++;
  __VERIFIER_assert(cleared == count && count <= limit);
  return 0;
}
