// expected: unsafe
// an unsigned int up to 70000 assigned to unsigned short loses 65536
// failing input: 65536
extern void abort(void);
void reach_error(void) {}
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  assume_abort_if_not(x <= 70000u);
  unsigned short h = x;
  __VERIFIER_assert(h == x);
  return 0;
}
