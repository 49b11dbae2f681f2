// expected: safe
// unsigned char level = 200; level += d with d <= 55 stays within 255
// gcc inputs: 0 | 55 | 56 | 255
extern void abort(void);
void reach_error(void) {}
extern unsigned char __VERIFIER_nondet_uchar(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned char level = 200;
  unsigned char d = __VERIFIER_nondet_uchar();
  assume_abort_if_not(d <= 55);
  level += d;
  __VERIFIER_assert(level >= 200);
  return 0;
}
