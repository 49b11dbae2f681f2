// expected: unsafe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// As staircase-stamps-safe.c, but round t stamps only the cells 0 .. t - 1: the last cell keeps -1.
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 1000);
  int stamp[n];
  for (int k = 0; k < n; k++) stamp[k] = -1;
  for (int t = 0; t < n; t++)
    for (int k = 0; k < t; k++) stamp[k] = 2 * t + 1;
  for (int k = 0; k < n; k++) __VERIFIER_assert(stamp[k] == 2 * n - 1);
  return 0;
}
