// expected: unsafe
// Two arrays each get 3 added at its own nondeterministic index in every iteration: their two sums (one loop, two accumulators) stay equal.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "matching-sums-unsafe.c", 6, "reach_error"); }
void assume_abort_if_not(int cond) { if (!cond) abort(); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 100000);
  int a[n];
  int b[n];
  for (int i = 0; i < n; i++) {
    a[i] = i;
    b[i] = i;
  }
  while (1) {
    int k = __VERIFIER_nondet_int();
    int j = __VERIFIER_nondet_int();
    assume_abort_if_not(k >= 0 && k < n && j >= 0 && j < n);
    a[k] = a[k] + 3;
    b[j] = b[j] + (j == 2 ? 4 : 3);
    if (__VERIFIER_nondet_int() == 0) break;
  }
  long long sumA = 0;
  long long sumB = 0;
  for (int i = 0; i < n; i++) {
    sumA = sumA + a[i];
    sumB = sumB + b[i];
  }
  __VERIFIER_assert(sumA == sumB);
  return 0;
}
