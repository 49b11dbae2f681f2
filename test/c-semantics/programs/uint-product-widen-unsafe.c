// expected: unsafe
// a * 65536u is computed in unsigned int and wraps before its conversion to unsigned long long
// failing input: 65536
extern void abort(void);
void reach_error(void) {}
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned int a = __VERIFIER_nondet_uint();
  unsigned long long p = a * 65536u;
  __VERIFIER_assert(p == (unsigned long long)a * 65536u);
  return 0;
}
