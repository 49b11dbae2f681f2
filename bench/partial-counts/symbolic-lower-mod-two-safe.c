// expected: safe
// A symbolic n: cells below n/2 set to i % 2, the others to 5; the zeros are (n/2 + 1)/2 (twin: n/2).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "symbolic-lower-mod-two-safe.c", 6, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 100000) return 0;
  int a[n];
  int j = 0;
  for (int i = 0; i < n; i++) {
    if (i < n / 2) a[i] = i % 2;
    else a[i] = 5;
  }
  for (int i = 0; i < n; i++) {
    if (a[i] == 0) j++;
  }
  __VERIFIER_assert(j == (n / 2 + 1) / 2);
  return 0;
}
