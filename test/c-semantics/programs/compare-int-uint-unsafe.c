// expected: unsafe
// int compared with 1u: -1 converts to 4294967295, so -1 < 1u is false
// failing input: -1
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  int x = __VERIFIER_nondet_int();
  assume_abort_if_not(x >= -8 && x <= 8);
  if (x < 1u) return 0;
  if (x <= 0) reach_error();
  return 0;
}
