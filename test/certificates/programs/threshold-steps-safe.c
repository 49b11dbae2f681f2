// expected: safe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// Rounds from k on add 2, the rounds before add 1: s is n + (n - k).
int main(void) {
  int n = __VERIFIER_nondet_int();
  int k = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 100000);
  assume_abort_if_not(k >= 0 && k <= n);
  int s = 0;
  for (int i = 0; i < n; i++) {
    if (i >= k) s = s + 2;
    else s = s + 1;
  }
  __VERIFIER_assert(s == 2 * n - k);
  return 0;
}