// expected: safe
// A scalar loop with a symbolic bound; the invariant s == 2*i is needed.
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 0 && n <= 1000000);
  int s = 0;
  for (int i = 0; i < n; i++) s += 2;
  __VERIFIER_assert(s == 2 * n);
  return 0;
}
