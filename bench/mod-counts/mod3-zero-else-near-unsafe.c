// expected: unsafe
// Near miss of index-mod3-limit: the other cells get i % 2, zero at even indices, so the zeros
// recounted exceed limit.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "mod3-zero-else-near-unsafe.c", 7, "reach_error"); }
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
      a[i] = i % 2;
    }
  }
  int count = 0;
  for (int i = 0; i < n; i++)
    if (a[i] == 0) count++;
  __VERIFIER_assert(count <= limit);
  return 0;
}
