// expected: safe
// an unsigned int up to 70000 assigned to unsigned short is the value modulo 65536
// gcc inputs: 0 | 65535 | 65536 | 70000
extern void abort(void);
void reach_error(void) {}
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  assume_abort_if_not(x <= 70000u);
  unsigned short h = x;
  __VERIFIER_assert(h == x % 65536u);
  return 0;
}
