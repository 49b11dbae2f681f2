// expected: unsafe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// As two-ended-reverse-safe.c, but n / 2 rounds: the middle cell of an odd n is never written.
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 100000);
  int source[n];
  int target[n];
  for (int i = 0; i < n; i++) source[i] = __VERIFIER_nondet_int();
  int half = n / 2;
  for (int i = 0; i < half; i++) {
    target[n - 1 - i] = source[i];
    target[i] = source[n - 1 - i];
  }
  for (int k = 0; k < n; k++) __VERIFIER_assert(target[k] == source[n - 1 - k]);
  return 0;
}
