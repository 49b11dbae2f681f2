// expected: unsafe
// A for loop without a condition whose exit test is the last statement of its body, then the step.
// s = 2 * n at the end; fails for n = 3.
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 9) return 0;
  int s = 0;
  for (int i = 0; ; i++) {
    s += 2;
    if (i >= n - 1) break;
  }
  __VERIFIER_assert(s != 6);
  return 0;
}
