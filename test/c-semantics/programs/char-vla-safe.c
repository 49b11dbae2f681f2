// expected: safe
// a char VLA (char is signed) filled with (char)(2 * i) for n <= 64: every cell is at most 126
// gcc inputs: 1 | 64 | 65 | 0
extern void abort(void);
void reach_error(void) {}
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  assume_abort_if_not(n > 0u && n <= 64u);
  char s[n];
  for (unsigned int i = 0; i < n; i++) s[i] = (char)(2u * i);
  for (unsigned int i = 0; i < n; i++) __VERIFIER_assert(s[i] >= 0);
  return 0;
}
