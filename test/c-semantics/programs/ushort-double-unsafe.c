// expected: unsafe
// an unsigned short doubled with *= 2 in a loop: after 16 rounds 65536 converts to 0
// failing input: 16
extern void abort(void);
void reach_error(void) {}
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  assume_abort_if_not(n <= 20u);
  unsigned short p = 1;
  for (unsigned int i = 0; i < n; i++) p *= 2;
  __VERIFIER_assert(p != 0);
  return 0;
}
