// expected: unsafe
// Cells set to 1 at even and 0 at odd nondeterministic indices: the sum is at most n.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "bounded-sum-unsafe.c", 6, "reach_error"); }
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
    if (k % 2 == 0) a[k] = 1;
    else a[k] = 2;
    if (__VERIFIER_nondet_int() == 0) break;
  }
  long long sum = 0;
  for (int i = 0; i < n; i++) sum += a[i];
  __VERIFIER_assert(sum <= n);
  return 0;
}
