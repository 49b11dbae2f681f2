// expected: safe
// an int argument passed to an int parameter: every value in (-5, 5) is below 10
// gcc inputs: -4 | -1 | 0 | 4 | -2147483648 | 2147483647
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int below_ten(int v) { return v < 10; }

int main(void) {
  int d = __VERIFIER_nondet_int();
  assume_abort_if_not(d > -5 && d < 5);
  __VERIFIER_assert(below_ten(d));
  return 0;
}
