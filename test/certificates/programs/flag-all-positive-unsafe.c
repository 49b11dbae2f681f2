// expected: unsafe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// As flag-all-positive-safe.c, but a cell holding 0 does not clear the flag.
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 10000);
  int a[n];
  for (int i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int();
  int positive = 1;
  for (int i = 0; i < n; i++) {
    if (a[i] < 0) positive = 0;
  }
  if (positive) {
    for (int k = 0; k < n; k++) __VERIFIER_assert(a[k] > 0);
  }
  return 0;
}