// expected: unsafe
// Near miss of index-mod3-limit: the last index is zeroed too (while under the cap), one zero more
// than the (n + 2) / 3 multiples of 3 when n - 1 is not one and limit is large.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "mod3-last-extra-near-unsafe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  int limit = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000 && limit >= 0 && limit <= n)) return 0;
  int a[n];
  int zeros = 0;
  for (int i = 0; i < n; i++) {
    if ((i % 3 == 0 || i == n - 1) && zeros < limit) {
      a[i] = 0;
      zeros++;
    } else {
      a[i] = 1;
    }
  }
  int count = 0;
  for (int i = 0; i < n; i++)
    if (a[i] == 0) count++;
  __VERIFIER_assert(count <= limit && count <= (n + 2) / 3);
  return 0;
}
