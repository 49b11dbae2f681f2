// expected: safe
// b << 4 on an unsigned char is computed in int (promotion) and kept in an unsigned int: nothing is lost
// gcc inputs: 0 | 16 | 255
extern void abort(void);
void reach_error(void) {}
extern unsigned char __VERIFIER_nondet_uchar(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned char b = __VERIFIER_nondet_uchar();
  unsigned int r = b << 4;
  __VERIFIER_assert((r >> 4) == b);
  return 0;
}
