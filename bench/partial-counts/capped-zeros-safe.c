// expected: safe
// Even cells zeroed while fewer than n/3 are zero, counted as they are written (k) and again after (j): j <= n/3 (twin: j < n/3).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "capped-zeros-safe.c", 6, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 100000) return 0;
  int a[n];
  int j = 0, k = 0;
  int c = n / 3;
  for (int i = 0; i < n; i++) {
    a[i] = i + 1;
    if (k < c && i % 2 == 0) a[i] = 0;
    if (a[i] == 0) k++;
  }
  for (int i = 0; i < n; i++) {
    if (a[i] == 0) j++;
  }
  __VERIFIER_assert(j <= c);
  return 0;
}
