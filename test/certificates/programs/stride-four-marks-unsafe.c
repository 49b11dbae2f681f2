// expected: unsafe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// As stride-four-marks-safe.c, but the third cell of each four is marked too: the count is 2n.
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 10000);
  int a[4 * n];
  for (int i = 0; i < 4 * n; i += 4) {
    a[i] = 1;
    a[i + 1] = 0;
    a[i + 2] = 1;
    a[i + 3] = 0;
  }
  int count = 0;
  for (int i = 0; i < 4 * n; i++) count = count + a[i];
  __VERIFIER_assert(count == n);
  return 0;
}