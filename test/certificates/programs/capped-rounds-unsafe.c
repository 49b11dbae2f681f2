// expected: unsafe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// As capped-rounds-safe.c, but the cap is 5: the cells stop at 5.
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 1000);
  int level[n];
  for (int k = 0; k < n; k++) level[k] = 0;
  for (int t = 0; t < 10; t++)
    for (int k = 0; k < n; k++)
      if (level[k] < 5) level[k] = level[k] + 1;
  for (int k = 0; k < n; k++) __VERIFIER_assert(level[k] == 10);
  return 0;
}
