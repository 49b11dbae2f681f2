// expected: safe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// Columns that start at a chosen base; every row i adds 2 * a[j] to the columns j from i on, so
// column j ends at base + 2 (j + 1) a[j].
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 1000);
  int a[n];
  int b[n];
  int base = __VERIFIER_nondet_int();
  assume_abort_if_not(base >= -1000 && base <= 1000);
  for (int k = 0; k < n; k++) {
    a[k] = __VERIFIER_nondet_int();
    assume_abort_if_not(a[k] >= -100 && a[k] <= 100);
  }
  for (int k = 0; k < n; k++) b[k] = base;
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      b[j] = b[j] + 2 * a[j];
  for (int k = 0; k < n; k++) __VERIFIER_assert(b[k] == base + 2 * (k + 1) * a[k]);
  return 0;
}
