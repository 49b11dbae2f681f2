// expected: unsafe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// Cells read in [-5, 5] (assumed), summed: the sum is at least -5 n.
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 1000);
  int a[n];
  for (int i = 0; i < n; i++) {
    a[i] = __VERIFIER_nondet_int();
    assume_abort_if_not(a[i] >= -5 && a[i] <= 5);
  }
  int s = 0;
  for (int i = 0; i < n; i++) s = s + a[i];
  __VERIFIER_assert(s >= -4 * n);
  return 0;
}