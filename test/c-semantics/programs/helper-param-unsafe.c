// expected: unsafe
// an int argument passed to an unsigned int parameter: -1 arrives as 4294967295, which is not below 10
// failing input: -1
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int below_ten(unsigned int v) { return v < 10u; }

int main(void) {
  int d = __VERIFIER_nondet_int();
  assume_abort_if_not(d > -5 && d < 5);
  __VERIFIER_assert(below_ten(d));
  return 0;
}
