// expected: safe
// an unsigned int sum increased by 2 in a loop of n iterations, n < 2^31: 2n does not wrap
// gcc inputs: 0 | 1 | 2147483647 | 2147483648 | 4294967295
extern void abort(void);
void reach_error(void) {}
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  assume_abort_if_not(n <= 2147483647u);
  unsigned int s = 0u;
  for (unsigned int i = 0; i < n; i++) s += 2u;
  if (s < n) reach_error();
  return 0;
}
