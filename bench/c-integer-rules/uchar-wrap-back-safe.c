// expected: safe
// n unsigned char cells get += 200 and then += 56: each compound assignment wraps modulo 256, and
// 200 + 56 = 256, so every cell is back to its copy.
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "uchar-wrap-back-safe.c", 8, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000)) return 0;
  unsigned char a[n];
  unsigned char b[n];
  for (int i = 0; i < n; i++) {
    a[i] = __VERIFIER_nondet_uchar();
    b[i] = a[i];
  }
  for (int i = 0; i < n; i++) a[i] += 200;
  for (int i = 0; i < n; i++) a[i] += 56;
  for (int i = 0; i < n; i++) __VERIFIER_assert(a[i] == b[i]);
  return 0;
}
