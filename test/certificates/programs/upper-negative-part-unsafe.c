// expected: unsafe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// The twin of upper-negative-part-safe.c whose inner loop starts at j = i + 1: t[k] ends at
// -k * w[k] where w[k] is negative, not -(k + 1) * w[k] (t[0] stays 0 for w[0] < 0).
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
    for (int j = i + 1; j < n; j++)
      if (w[j] < 0) t[j] = t[j] - w[j];
  for (int k = 0; k < n; k++) __VERIFIER_assert(t[k] >= 0 && (w[k] >= 0 || t[k] == -(k + 1) * w[k]));
  return 0;
}
