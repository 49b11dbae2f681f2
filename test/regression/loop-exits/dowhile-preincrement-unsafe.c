// expected: unsafe
// do { … } while (++i < n) over an array: the side effect sits in the loop's exit test.
// Every written cell holds 2 * i; the cell after the last written one keeps 0. Fails: a[n - 1] == 6 for n = 4.
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 8) return 0;
  int a[10] = {0};
  int i = 0;
  do { a[i] = 2 * i; } while (++i < n);
  __VERIFIER_assert(a[n - 1] != 6);
  return 0;
}
