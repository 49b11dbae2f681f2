// expected: safe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// Counting down, each round writes its own cell (not in the extra last round) and the two above it;
// every cell ends between 1 and 5.
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 2 && n < 100000);
  int a[n];
  for (int i = n - 3; i >= -1; i--) {
    if (i >= 0) a[i] = 5;
    a[i + 1] = 4;
    a[i + 2] = 1;
  }
  for (int k = 0; k < n; k++) __VERIFIER_assert(a[k] >= 1 && a[k] <= 5);
  return 0;
}
