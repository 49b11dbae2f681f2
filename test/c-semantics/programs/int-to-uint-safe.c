// expected: safe
// a small negative int converted to unsigned int lands in 4294967293..4294967295
// gcc inputs: -3 | -1 | 0 | 3 | -2147483648 | 2147483647
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  int x = __VERIFIER_nondet_int();
  assume_abort_if_not(x >= -3 && x <= 3);
  unsigned int u = x;
  __VERIFIER_assert(u <= 3u || u >= 4294967293u);
  return 0;
}
