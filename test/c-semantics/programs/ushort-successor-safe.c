// expected: safe
// w + 1 of an unsigned short is computed in int (promotion) and kept in an unsigned int: 65535 + 1 is 65536
// gcc inputs: 0 | 65534 | 65535
extern void abort(void);
void reach_error(void) {}
extern unsigned short __VERIFIER_nondet_ushort(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned short w = __VERIFIER_nondet_ushort();
  unsigned int v = w + 1;
  __VERIFIER_assert(v > w);
  return 0;
}
