// expected: unsafe
// char is signed: a byte of 200 read as char is -56, which differs from the unsigned char 200
// failing input: 200
extern void abort(void);
void reach_error(void) {}
extern unsigned char __VERIFIER_nondet_uchar(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned char u = __VERIFIER_nondet_uchar();
  char c = (char)u;
  __VERIFIER_assert(c == u);
  return 0;
}
