// expected: unsafe
// Ones in n cells; the multiples of 3 are zeroed while fewer than limit are zero; the recount is
// checked against n / 3, one short of the multiples of 3 below n when n % 3 != 0 (n = 1, limit = 1).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "index-mod3-limit-unsafe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  int limit = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000 && limit >= 0 && limit <= n)) return 0;
  int a[n];
  int zeros = 0;
  for (int i = 0; i < n; i++) {
    if (i % 3 == 0 && zeros < limit) {
      a[i] = 0;
      zeros++;
    } else {
      a[i] = 1;
    }
  }
  int count = 0;
  for (int i = 0; i < n; i++)
    if (a[i] == 0) count++;
  __VERIFIER_assert(count <= limit && count <= n / 3);
  return 0;
}
