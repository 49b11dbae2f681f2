// expected: unsafe
// The twin checks c <= i / 3: at index 0 the count is already 1 when cap >= 1.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "capped-scaled-residue-unsafe.c", 8, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  int cap = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 900 && cap >= 0 && cap <= n)) return 0;
  int b[n];
  for (int i = 0; i < n; i++) b[i] = 3 * i;
  int c = 0;
  for (int i = 0; i < n; i++) {
    if (b[i] % 9 == 0 && c < cap) c = c + 1;
    __VERIFIER_assert(c <= i / 3 && c <= cap);
  }
  return 0;
}
