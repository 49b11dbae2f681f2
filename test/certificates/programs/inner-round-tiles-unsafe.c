// expected: unsafe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// As inner-round-tiles-safe.c, but the inner loop stops at j > 1: the last cell of each tile keeps its
// unknown value.
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 3000);
  int a[3 * n];
  for (int i = 1; i <= n; i++)
    for (int j = 3; j > 1; j--) {
      if (j == 2)
        a[3 * i - j] = 50;
      else
        a[3 * i - j] = 10 * j;
    }
  for (int k = 0; k < 3 * n; k++) __VERIFIER_assert(a[k] >= 10 && a[k] <= 50);
  return 0;
}
