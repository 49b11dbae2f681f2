// expected: safe
// char is signed: converting back to unsigned char restores the byte, and the char is negative exactly when the byte exceeds 127
// gcc inputs: 0 | 127 | 128 | 200 | 255
extern void abort(void);
void reach_error(void) {}
extern unsigned char __VERIFIER_nondet_uchar(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned char u = __VERIFIER_nondet_uchar();
  char c = (char)u;
  __VERIFIER_assert((unsigned char)c == u);
  __VERIFIER_assert((c < 0) == (u > 127));
  return 0;
}
