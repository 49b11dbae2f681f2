// expected: unsafe
// unsigned int k <= 5, j = k - 1: k = 0 wraps j to 4294967295
// failing input: 0
extern void abort(void);
void reach_error(void) {}
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned int k = __VERIFIER_nondet_uint();
  assume_abort_if_not(k <= 5u);
  unsigned int j = k - 1u;
  if (j > 100u) reach_error();
  return 0;
}
