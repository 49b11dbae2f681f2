// expected: unsafe
// an unsigned char tag incremented with ++ per cell of an unsigned int VLA: tag 256 wraps to 0, so a[256] != 256
// failing input: 257
extern void abort(void);
void reach_error(void) {}
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  assume_abort_if_not(n > 0u && n < 1000u);
  unsigned int a[n];
  unsigned char tag = 0;
  for (unsigned int i = 0; i < n; i++) {
    a[i] = tag;
    tag++;
  }
  for (unsigned int i = 0; i < n; i++) __VERIFIER_assert(a[i] == i);
  return 0;
}
