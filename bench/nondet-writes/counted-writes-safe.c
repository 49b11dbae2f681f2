// expected: safe
// n writes of 1 at nondeterministic indices into an array of zeros: the sum is between 0 and n.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "counted-writes-safe.c", 6, "reach_error"); }
void assume_abort_if_not(int cond) { if (!cond) abort(); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 100000);
  int a[n];
  for (int i = 0; i < n; i++) a[i] = 0;
  for (int j = 0; j < n; j++) {
    int k = __VERIFIER_nondet_int();
    assume_abort_if_not(k >= 0 && k < n);
    a[k] = 1;
  }
  long long sum = 0;
  for (int i = 0; i < n; i++) sum += a[i];
  __VERIFIER_assert(sum >= 0 && sum <= n);
  return 0;
}
