// expected: unsafe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// As third-cells-bonus-safe.c, but the check expects the bonus on one round more.
int main(void) {
  int n = __VERIFIER_nondet_int();
  int rounds = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 1000);
  assume_abort_if_not(rounds > 0 && rounds < 1000);
  int c[n];
  for (int k = 0; k < n; k++) c[k] = 1;
  for (int t = 0; t < rounds; t++)
    for (int k = 0; k < n; k++)
      if (k % 3 == 0) c[k] = c[k] + 2;
  for (int k = 0; k < n; k++) {
    if (k % 3 == 0) __VERIFIER_assert(c[k] == 3 + 2 * rounds);
    else __VERIFIER_assert(c[k] == 1);
  }
  return 0;
}
