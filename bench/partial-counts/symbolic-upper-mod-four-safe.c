// expected: safe
// A symbolic n: cells from n/2 on set to i % 4; the zeros are at most n/8 + 1 (twin: at most n/8 - 1).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "symbolic-upper-mod-four-safe.c", 6, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 100000) return 0;
  int a[n];
  int j = 0;
  for (int i = 0; i < n; i++) {
    a[i] = i + 1;
    if (i >= n / 2) a[i] = i % 4;
  }
  for (int i = 0; i < n; i++) {
    if (a[i] == 0) j++;
  }
  __VERIFIER_assert(j <= n / 8 + 1);
  return 0;
}
