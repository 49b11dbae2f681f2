// expected: unsafe
// an unsigned short VLA filled with (unsigned short)(i * 300): cell 219 wraps to 164 < 219
// failing input: 220
extern void abort(void);
void reach_error(void) {}
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  assume_abort_if_not(n > 0u && n < 1000u);
  unsigned short h[n];
  for (unsigned int i = 0; i < n; i++) h[i] = (unsigned short)(i * 300u);
  for (unsigned int i = 0; i < n; i++) __VERIFIER_assert(h[i] >= i);
  return 0;
}
