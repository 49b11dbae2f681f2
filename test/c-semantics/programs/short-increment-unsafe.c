// expected: unsafe
// a short starting at 32000 incremented with ++ n times: the 768th increment converts 32768 to -32768
// failing input: 768
extern void abort(void);
void reach_error(void) {}
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  assume_abort_if_not(n < 1000u);
  short s = 32000;
  for (unsigned int i = 0; i < n; i++) s++;
  __VERIFIER_assert(s > 0);
  return 0;
}
