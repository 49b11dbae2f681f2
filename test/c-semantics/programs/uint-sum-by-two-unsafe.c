// expected: unsafe
// an unsigned int sum increased by 2 in a loop of n iterations wraps below n once n >= 2^31
// failing input: 2147483648
extern void abort(void);
void reach_error(void) {}
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int s = 0u;
  for (unsigned int i = 0; i < n; i++) s += 2u;
  if (s < n) reach_error();
  return 0;
}
