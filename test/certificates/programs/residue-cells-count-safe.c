// expected: safe
// cells set to their index; those 1 modulo 4 counted, checked in the loop (4 * count <= i + 3) and after it
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "residue-cells-count-safe.c", 8, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000)) return 0;
  int a[n];
  for (int i = 0; i < n; i++) a[i] = i;
  int count = 0;
  for (int i = 0; i < n; i++) {
    if (a[i] % 4 == 1) count++;
    __VERIFIER_assert(4 * count <= i + 3);
  }
  __VERIFIER_assert(count <= n / 4 + 1);
  return 0;
}
