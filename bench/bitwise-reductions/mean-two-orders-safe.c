// expected: safe
// A helper returns the mean (a long long sum divided by n) of n nondeterministic ints; main computes it
// again with a backward loop: the same sum, the same quotient.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "mean-two-orders-safe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int mean(int n, int *x) {
  long long sum = 0;
  for (int i = 0; i < n; i++) sum = sum + x[i];
  return (int) (sum / n);
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000)) return 0;
  int x[n];
  for (int i = 0; i < n; i++) x[i] = __VERIFIER_nondet_int();
  long long back = 0;
  for (int i = n - 1; i >= 0; i--) back = back + x[i];
  if (mean(n, x) != (int) (back / n)) reach_error();
  return 0;
}
