// expected: safe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// Indices with i % 4 == 1 are counted below n: at most (n + 2) / 4 of them.
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 0 && n < 100000);
  int c = 0;
  for (int i = 0; i < n; i++) {
    if (i % 4 == 1) c = c + 1;
  }
  __VERIFIER_assert(4 * c <= n + 2);
  return 0;
}