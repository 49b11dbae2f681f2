// expected: unsafe
// while (1) with a continue before the exit test at the end of the body: i == 2 skips both the
// count and the exit test. c = n - 1 for n >= 2; fails for n = 4.
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 2 || n > 9) return 0;
  int i = 0, c = 0;
  while (1) {
    i++;
    if (i == 2) continue;
    c++;
    if (i >= n) break;
  }
  __VERIFIER_assert(c != 3);
  return 0;
}
