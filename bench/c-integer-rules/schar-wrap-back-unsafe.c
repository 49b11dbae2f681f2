// expected: unsafe
// A signed char accumulator gets += 100 per cell and -= 100 for all cells but the last: it ends at
// the wrapped value of 100, not 0.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "schar-wrap-back-unsafe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000)) return 0;
  int a[n];
  for (int i = 0; i < n; i++) a[i] = 100;
  signed char c = 0;
  for (int i = 0; i < n; i++) c += a[i];
  for (int i = 0; i < n - 1; i++) c -= a[i];
  __VERIFIER_assert(c == 0);
  return 0;
}
