// expected: safe
// Cells with i % 6 == 5 flagged while fewer than limit are: the flags summed equal the count c,
// and are at most the n / 6 indices below n that are 5 modulo 6.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "mod6-last-flags-safe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  int limit = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000 && limit >= 0 && limit <= n)) return 0;
  int flag[n];
  int c = 0;
  for (int i = 0; i < n; i++) {
    flag[i] = 0;
    if (i % 6 == 5 && c < limit) {
      flag[i] = 1;
      c = c + 1;
    }
  }
  int sum = 0;
  for (int j = 0; j < n; j++) sum = sum + flag[j];
  __VERIFIER_assert(sum == c && sum <= n / 6);
  return 0;
}
