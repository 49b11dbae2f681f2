// expected: safe
// an unsigned index counting down from n - 1 while i < n ends at 4294967295 after n steps, with every cell written
// gcc inputs: 1 | 2 | 999 | 0 | 4294967295
extern void abort(void);
void reach_error(void) {}
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  assume_abort_if_not(n > 0u && n < 1000u);
  unsigned int a[n];
  unsigned int i = n - 1u;
  unsigned int steps = 0u;
  while (i < n) {
    a[i] = i;
    i--;
    steps++;
  }
  __VERIFIER_assert(i == 4294967295u);
  __VERIFIER_assert(steps == n);
  __VERIFIER_assert(a[0] == 0u);
  return 0;
}
