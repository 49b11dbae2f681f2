// expected: safe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// Tiles of three cells: round i of the outer loop fills a[3i − 3 .. 3i − 1] by an inner loop of
// three rounds counting down, each cell a multiple of ten chosen by the inner counter.
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 3000);
  int a[3 * n];
  for (int i = 1; i <= n; i++)
    for (int j = 3; j >= 1; j--) {
      if (j == 2)
        a[3 * i - j] = 50;
      else
        a[3 * i - j] = 10 * j;
    }
  for (int k = 0; k < 3 * n; k++) __VERIFIER_assert(a[k] >= 10 && a[k] <= 50);
  return 0;
}
