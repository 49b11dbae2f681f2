// expected: safe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// Cells other than the skipped one are copied; every other cell agrees afterwards.
int main(void) {
  int n = __VERIFIER_nondet_int();
  int skip = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 100000);
  int a[n];
  int b[n];
  for (int i = 0; i < n; i++) {
    a[i] = __VERIFIER_nondet_int();
    b[i] = __VERIFIER_nondet_int();
  }
  for (int i = 0; i < n; i++) {
    if (i != skip) b[i] = a[i];
  }
  for (int i = 0; i < n; i++) {
    if (i != skip) __VERIFIER_assert(a[i] == b[i]);
  }
  return 0;
}