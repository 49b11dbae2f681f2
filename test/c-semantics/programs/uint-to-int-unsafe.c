// expected: unsafe
// an unsigned int of 2^31 converted to int is INT_MIN (gcc: modulo 2^32)
// failing input: 2147483648
extern void abort(void);
void reach_error(void) {}
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned int u = __VERIFIER_nondet_uint();
  assume_abort_if_not(u <= 2147483648u);
  int s = (int)u;
  __VERIFIER_assert(s >= 0);
  return 0;
}
