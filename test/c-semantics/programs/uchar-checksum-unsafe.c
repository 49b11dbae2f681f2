// expected: unsafe
// an unsigned char checksum (+=) of a VLA of nondet bytes wraps below its first byte
// failing input: 2 200 100
extern void abort(void);
void reach_error(void) {}
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  assume_abort_if_not(n > 0u && n < 1000u);
  unsigned char buf[n];
  for (unsigned int i = 0; i < n; i++) buf[i] = __VERIFIER_nondet_uchar();
  unsigned char sum = 0;
  for (unsigned int i = 0; i < n; i++) sum += buf[i];
  __VERIFIER_assert(sum >= buf[0]);
  return 0;
}
