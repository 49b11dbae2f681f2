// expected: safe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// Tanks start at k + 2 and five rounds drain one unit from every tank above 2: a tank ends at
// k - 3, or at 2 where that is lower.
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 1000);
  int tank[n];
  for (int k = 0; k < n; k++) tank[k] = k + 2;
  for (int t = 0; t < 5; t++)
    for (int k = 0; k < n; k++)
      if (tank[k] > 2) tank[k] = tank[k] - 1;
  for (int k = 0; k < n; k++) __VERIFIER_assert(tank[k] == (k > 5 ? k - 3 : 2));
  return 0;
}
