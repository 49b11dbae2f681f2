// expected: safe
// do { … } while (++i < n) over an array: every written cell holds 2 * i, the cells past n stay 0.
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
  __VERIFIER_assert(i == n);
  __VERIFIER_assert(a[n - 1] == 2 * (n - 1));
  __VERIFIER_assert(a[n] == 0);
  return 0;
}
