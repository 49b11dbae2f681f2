// expected: safe
// long long compared with 1u: the unsigned int converts to long long, so -1 < 1u holds there
// gcc inputs: -8 | -1 | 0 | 1 | 8 | -2147483648 | 2147483647
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  int x = __VERIFIER_nondet_int();
  assume_abort_if_not(x >= -8 && x <= 8);
  if ((long long)x < 1u) return 0;
  if (x <= 0) reach_error();
  return 0;
}
