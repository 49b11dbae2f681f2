// expected: safe
// a * 65536u computed in unsigned int equals the unsigned long long product when a < 65536
// gcc inputs: 0 | 65535 | 65536 | 4294967295
extern void abort(void);
void reach_error(void) {}
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned int a = __VERIFIER_nondet_uint();
  assume_abort_if_not(a < 65536u);
  unsigned long long p = a * 65536u;
  __VERIFIER_assert(p == (unsigned long long)a * 65536u);
  return 0;
}
