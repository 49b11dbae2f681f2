// expected: unsafe
// Near miss: flagged while c <= limit, so one flag more than limit gets in; checked against limit.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "mod6-last-flags-near-unsafe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  int limit = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000 && limit >= 0 && limit <= n)) return 0;
  int flag[n];
  int c = 0;
  for (int i = 0; i < n; i++) {
    flag[i] = 0;
    if (i % 6 == 5 && c <= limit) {
      flag[i] = 1;
      c = c + 1;
    }
  }
  int sum = 0;
  for (int j = 0; j < n; j++) sum = sum + flag[j];
  __VERIFIER_assert(sum == c && sum <= limit);
  return 0;
}
