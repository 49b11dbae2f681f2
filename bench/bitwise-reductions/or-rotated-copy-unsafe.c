// expected: unsafe
// An or over n nondeterministic ints, and over a copy shifted left by one whose last cell repeats
// x[n - 1] instead of x[0]: a bit only x[0] has is lost.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "or-rotated-copy-unsafe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int fold_or(int n, int *x) {
  int r = 0;
  for (int i = 0; i < n; i++) r = r | x[i];
  return r;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000)) return 0;
  int x[n];
  int y[n];
  for (int i = 0; i < n; i++) x[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < n - 1; i++) y[i] = x[i + 1];
  y[n - 1] = x[n - 1];
  if (fold_or(n, x) != fold_or(n, y)) reach_error();
  return 0;
}
