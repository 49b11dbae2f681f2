// expected: safe
// An unsigned char accumulator from a chosen value gets += a[i] for the n chosen unsigned char cells,
// then -= a[i] for each (both wrap modulo 256): it ends where it began.
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "uchar-cells-back-safe.c", 8, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000)) return 0;
  unsigned char a[n];
  for (int i = 0; i < n; i++) a[i] = __VERIFIER_nondet_uchar();
  unsigned char start = __VERIFIER_nondet_uchar();
  unsigned char c = start;
  for (int i = 0; i < n; i++) c += a[i];
  for (int i = 0; i < n; i++) c -= a[i];
  __VERIFIER_assert(c == start);
  return 0;
}
