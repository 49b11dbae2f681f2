// expected: unsafe
// Cells written once (assumed empty before), c into a at one index and -c into b at another, c cycling 1 ... 5: the sum of both is 0.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "write-once-pairs-unsafe.c", 6, "reach_error"); }
void assume_abort_if_not(int cond) { if (!cond) abort(); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 100000);
  int a[n];
  int b[n];
  for (int i = 0; i < n; i++) {
    a[i] = 0;
    b[i] = 0;
  }
  int c = 1;
  while (1) {
    int k = __VERIFIER_nondet_int();
    int j = __VERIFIER_nondet_int();
    assume_abort_if_not(k >= 0 && k < n && j >= 0 && j < n);
    assume_abort_if_not(a[k] == 0 && b[j] == 0);
    a[k] = c;
    b[j] = 1 - c;
    c = c == 5 ? 1 : c + 1;
    if (__VERIFIER_nondet_int() == 0) break;
  }
  long long sum = 0;
  for (int i = 0; i < n; i++) sum = sum + a[i] + b[i];
  __VERIFIER_assert(sum == 0);
  return 0;
}
