// expected: safe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// Cells count down from n to 1; their running minimum, started above them all, ends at 1.
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 100000);
  int a[n];
  for (int i = 0; i < n; i++) a[i] = n - i;
  int low = n + 1;
  for (int k = 0; k < n; k++) {
    if (a[k] < low) low = a[k];
  }
  __VERIFIER_assert(low == 1);
  return 0;
}