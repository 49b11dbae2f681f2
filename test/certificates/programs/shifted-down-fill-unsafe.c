// expected: unsafe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// As shifted-down-fill-safe.c, but the loop starts a round late: the last cell is never written
// (and the check reads it).
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 2 && n < 100000);
  int a[n];
  for (int i = n - 4; i >= -1; i--) {
    if (i >= 0) a[i] = 5;
    a[i + 1] = 4;
    a[i + 2] = 1;
  }
  for (int k = 0; k < n; k++) __VERIFIER_assert(a[k] >= 1 && a[k] <= 5);
  return 0;
}
