// expected: safe
// A do-while runs at least once and ends with i == n.
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 9) return 0;
  int i = 0;
  do { i++; } while (i < n);
  __VERIFIER_assert(i == n);
  return 0;
}
