// expected: safe
// Cells written with k % 8 at nondeterministic indices k: their maximum is below 8.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "maximum-bound-safe.c", 6, "reach_error"); }
void assume_abort_if_not(int cond) { if (!cond) abort(); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 100000);
  int a[n];
  for (int i = 0; i < n; i++) a[i] = 0;
  while (1) {
    int k = __VERIFIER_nondet_int();
    assume_abort_if_not(k >= 0 && k < n);
    a[k] = k % 8;
    if (__VERIFIER_nondet_int() == 0) break;
  }
  int maximum = a[0];
  for (int i = 1; i < n; i++) if (a[i] > maximum) maximum = a[i];
  __VERIFIER_assert(maximum < 8);
  return 0;
}
