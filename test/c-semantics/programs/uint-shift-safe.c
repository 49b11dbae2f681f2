// expected: safe
// x << 1 on an unsigned int below 2^31 keeps every bit, so (x << 1) >> 1 == x
// gcc inputs: 0 | 1 | 2147483647 | 2147483648 | 4294967295
extern void abort(void);
void reach_error(void) {}
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  assume_abort_if_not(x <= 2147483647u);
  unsigned int y = x << 1;
  __VERIFIER_assert((y >> 1) == x);
  return 0;
}
