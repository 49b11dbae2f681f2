// expected: safe
// (signed char)(x + 256) for 0 <= x <= 100 wraps by a full 256 and gives back x
// gcc inputs: 0 | 100
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  int x = __VERIFIER_nondet_int();
  assume_abort_if_not(x >= 0 && x <= 100);
  signed char c = (signed char)(x + 256);
  if (c < 0) reach_error();
  return 0;
}
