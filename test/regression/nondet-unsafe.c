// expected: unsafe
// The error needs particular nondet inputs: x in [10, 20] and y == x + 3.
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (x >= 10 && x <= 20) {
    __VERIFIER_assert(y != x + 3);
  }
  return 0;
}
