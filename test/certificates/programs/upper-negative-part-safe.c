// expected: safe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// A triangular nest over j >= i subtracts the nondeterministic w[j] from t[j] where w[j] is
// negative, in every round that reaches it: t[k] ends at -(k + 1) * w[k] there and 0 elsewhere.
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 100);
  int w[n];
  int t[n];
  for (int k = 0; k < n; k++) {
    w[k] = __VERIFIER_nondet_int();
    assume_abort_if_not(w[k] >= -1000 && w[k] <= 1000);
  }
  for (int k = 0; k < n; k++) t[k] = 0;
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      if (w[j] < 0) t[j] = t[j] - w[j];
  for (int k = 0; k < n; k++) __VERIFIER_assert(t[k] >= 0 && (w[k] >= 0 || t[k] == -(k + 1) * w[k]));
  return 0;
}
