// expected: safe
// unsigned long long below its maximum: big + 1 is greater than big
// gcc inputs: 0 | 4294967295 | 18446744073709551614 | 18446744073709551615
extern void abort(void);
void reach_error(void) {}
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned long long big = __VERIFIER_nondet_ulonglong();
  assume_abort_if_not(big < 18446744073709551615ULL);
  unsigned long long next = big + 1u;
  __VERIFIER_assert(next > big);
  return 0;
}
