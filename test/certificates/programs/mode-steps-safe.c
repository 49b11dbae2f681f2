// expected: safe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// A mode read once decides the step of every round: 3 or 7.
int main(void) {
  int n = __VERIFIER_nondet_int();
  int mode = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 100000);
  int s = 0;
  for (int i = 0; i < n; i++) {
    if (mode > 0) s = s + 3;
    else s = s + 7;
  }
  __VERIFIER_assert(s == (mode > 0 ? 3 * n : 7 * n));
  return 0;
}