// expected: safe
// a short starting at 32000 incremented with ++ at most 767 times reaches 32767 and no further
// gcc inputs: 0 | 767 | 768 | 4294967295
extern void abort(void);
void reach_error(void) {}
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  assume_abort_if_not(n <= 767u);
  short s = 32000;
  for (unsigned int i = 0; i < n; i++) s++;
  __VERIFIER_assert(s > 0);
  return 0;
}
