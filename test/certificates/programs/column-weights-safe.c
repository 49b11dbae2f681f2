// expected: safe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// Every row i adds a[j] + 1 to the columns j from i on, so column j is reached by the rows 0 … j.
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 1000);
  int a[n];
  int b[n];
  for (int k = 0; k < n; k++) {
    a[k] = __VERIFIER_nondet_int();
    assume_abort_if_not(a[k] >= -100 && a[k] <= 100);
    b[k] = 0;
  }
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      b[j] = b[j] + a[j] + 1;
  for (int k = 0; k < n; k++) __VERIFIER_assert(b[k] == (k + 1) * (a[k] + 1));
  return 0;
}
