// expected: unsafe
// b << 4 stored back into an unsigned char loses the high nibble (16 << 4 = 256 -> 0)
// failing input: 16
extern void abort(void);
void reach_error(void) {}
extern unsigned char __VERIFIER_nondet_uchar(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned char b = __VERIFIER_nondet_uchar();
  unsigned char r = b << 4;
  __VERIFIER_assert((r >> 4) == b);
  return 0;
}
