// expected: safe
// A running count of the multiples of 4 among the indices, capped at limit, checked inside the loop:
// after index i it is at most i / 4 + 1 and at most limit.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "running-mod4-bound-safe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  int limit = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000 && limit >= 0 && limit <= n)) return 0;
  int a[n];
  for (int i = 0; i < n; i++) a[i] = 4 * i;
  int count = 0;
  for (int i = 0; i < n; i++) {
    if (a[i] % 16 == 0 && count < limit) count++;
    __VERIFIER_assert(count <= i / 4 + 1 && count <= limit);
  }
  return 0;
}
