// expected: unsafe
// An unsigned short counter goes down by 3 per cell (wrapping), then 3 * n - 1 is added back: it ends
// one below where it began (modulo 65536).
extern int __VERIFIER_nondet_int(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "ushort-counter-wrap-unsafe.c", 8, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000)) return 0;
  unsigned short start = __VERIFIER_nondet_ushort();
  unsigned short s = start;
  int a[n];
  for (int i = 0; i < n; i++) {
    s -= 3;
    a[i] = s;
  }
  s += 3 * n - 1;
  __VERIFIER_assert(s == start);
  for (int i = 0; i < n; i++) __VERIFIER_assert(a[i] >= 0 && a[i] <= 65535);
  return 0;
}
