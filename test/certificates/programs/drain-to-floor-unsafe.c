// expected: unsafe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// As drain-to-floor-safe.c, but the tanks drain down to 1: the first ones end below 2.
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 1000);
  int tank[n];
  for (int k = 0; k < n; k++) tank[k] = k + 2;
  for (int t = 0; t < 5; t++)
    for (int k = 0; k < n; k++)
      if (tank[k] > 1) tank[k] = tank[k] - 1;
  for (int k = 0; k < n; k++) __VERIFIER_assert(tank[k] == (k > 5 ? k - 3 : 2));
  return 0;
}
