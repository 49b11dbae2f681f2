// expected: unsafe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// As row-odd-sums-safe.c, but the rows start at 4.
int main(void) {
  int n = __VERIFIER_nondet_int();
  int m = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 1000);
  assume_abort_if_not(m > 0 && m < 1000);
  int total[n];
  for (int r = 0; r < n; r++) {
    total[r] = 4;
    for (int c = 0; c < m; c++) total[r] = total[r] + 2 * c + 1;
  }
  for (int r = 0; r < n; r++) __VERIFIER_assert(total[r] == 5 + m * m);
  return 0;
}
