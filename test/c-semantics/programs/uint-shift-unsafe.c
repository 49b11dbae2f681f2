// expected: unsafe
// x << 1 on an unsigned int drops the top bit when x >= 2^31
// failing input: 2147483648
extern void abort(void);
void reach_error(void) {}
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  unsigned int y = x << 1;
  __VERIFIER_assert((y >> 1) == x);
  return 0;
}
