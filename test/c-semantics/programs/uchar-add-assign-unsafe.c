// expected: unsafe
// unsigned char level = 200; level += d wraps for d >= 56
// failing input: 56
extern void abort(void);
void reach_error(void) {}
extern unsigned char __VERIFIER_nondet_uchar(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned char level = 200;
  unsigned char d = __VERIFIER_nondet_uchar();
  level += d;
  __VERIFIER_assert(level >= 200);
  return 0;
}
