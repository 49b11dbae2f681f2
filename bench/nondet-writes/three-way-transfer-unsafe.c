// expected: unsafe
// A nondeterministic amount x added to a[k] and to c[j], and 2x taken from b[k]: the sum of the three arrays stays 3n.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "three-way-transfer-unsafe.c", 6, "reach_error"); }
void assume_abort_if_not(int cond) { if (!cond) abort(); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 100000);
  int a[n];
  int b[n];
  int c[n];
  for (int i = 0; i < n; i++) {
    a[i] = 1;
    b[i] = 1;
    c[i] = 1;
  }
  while (1) {
    int k = __VERIFIER_nondet_int();
    int j = __VERIFIER_nondet_int();
    int x = __VERIFIER_nondet_int();
    assume_abort_if_not(k >= 0 && k < n && j >= 0 && j < n && x >= -100 && x <= 100);
    a[k] = a[k] + x;
    b[k] = b[k] - 2 * x;
    c[j] = c[j] + x + (j == 2);
    if (__VERIFIER_nondet_int() == 0) break;
  }
  long long sum = 0;
  for (int i = 0; i < n; i++) sum = sum + a[i] + b[i] + c[i];
  __VERIFIER_assert(sum == 3 * (long long)n);
  return 0;
}
