// expected: safe
// an unsigned int up to 2^31 - 1 converted to int keeps its value
// gcc inputs: 0 | 2147483647 | 2147483648 | 4294967295
extern void abort(void);
void reach_error(void) {}
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned int u = __VERIFIER_nondet_uint();
  assume_abort_if_not(u <= 2147483647u);
  int s = (int)u;
  __VERIFIER_assert(s >= 0);
  return 0;
}
