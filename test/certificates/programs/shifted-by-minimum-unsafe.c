// expected: unsafe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// As shifted-by-minimum-safe.c, but the minimum skips the last cell.
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 10000);
  int a[n];
  int b[n];
  for (int i = 0; i < n; i++) {
    a[i] = __VERIFIER_nondet_int();
    assume_abort_if_not(a[i] > -100000 && a[i] < 100000);
  }
  int low = 100000;
  for (int i = 0; i < n - 1; i++)
    if (low > a[i]) low = a[i];
  for (int i = 0; i < n; i++) b[i] = a[i] - low;
  for (int k = 0; k < n; k++) __VERIFIER_assert(b[k] >= 0);
  return 0;
}
