// expected: unsafe
// an unsigned char VLA filled with (unsigned char)(i + 250): cell 6 wraps to 0
// failing input: 7
extern void abort(void);
void reach_error(void) {}
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  assume_abort_if_not(n > 0u && n < 1000u);
  unsigned char c[n];
  for (unsigned int i = 0; i < n; i++) c[i] = (unsigned char)(i + 250u);
  for (unsigned int i = 0; i < n; i++) {
    if (c[i] < 250 && i < 7u) reach_error();
  }
  return 0;
}
