// expected: safe
// An and over n nondeterministic ints started from x[0], against an and folded backward from -1 (all
// bits set): -1 is the unit of and, so the results agree.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "and-from-first-safe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000)) return 0;
  int x[n];
  for (int i = 0; i < n; i++) x[i] = __VERIFIER_nondet_int();
  int r1 = x[0];
  for (int i = 1; i < n; i++) r1 = r1 & x[i];
  int r2 = -1;
  for (int i = n - 1; i >= 0; i--) r2 = r2 & x[i];
  __VERIFIER_assert(r1 == r2);
  return 0;
}
