// expected: unsafe
// unsigned long long: 18446744073709551615 + 1 wraps to 0
// failing input: 18446744073709551615
extern void abort(void);
void reach_error(void) {}
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned long long big = __VERIFIER_nondet_ulonglong();
  unsigned long long next = big + 1u;
  __VERIFIER_assert(next > big);
  return 0;
}
