// expected: unsafe
// n unsigned char cells get += 200 and then += 55: 255 in all, each cell ends one below its copy
// (modulo 256).
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "uchar-wrap-back-unsafe.c", 8, "reach_error"); }
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
  for (int i = 0; i < n; i++) a[i] += 55;
  for (int i = 0; i < n; i++) __VERIFIER_assert(a[i] == b[i]);
  return 0;
}
