// expected: unsafe
// w + 1 stored into an unsigned short wraps 65535 to 0
// failing input: 65535
extern void abort(void);
void reach_error(void) {}
extern unsigned short __VERIFIER_nondet_ushort(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned short w = __VERIFIER_nondet_ushort();
  unsigned short v = w + 1;
  __VERIFIER_assert(v > w);
  return 0;
}
