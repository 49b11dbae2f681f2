// expected: unsafe
// Buggy twin of ushort-cells-round-trip-safe.c: the second loop takes 25535 off, so every cell ends
// one above its copy (modulo 65536) and the first check fails.
extern int __VERIFIER_nondet_int(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "ushort-cells-round-trip-unsafe.c", 8, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int len = __VERIFIER_nondet_int();
  if (!(len > 0 && len <= 5000)) return 0;
  unsigned short kept[len];
  unsigned short moved[len];
  for (int p = 0; p < len; p++) {
    kept[p] = __VERIFIER_nondet_ushort();
    moved[p] = kept[p];
  }
  for (int q = 0; q < len; q++) moved[q] -= 40000;
  for (int r = 0; r < len; r++) moved[r] -= 25535;
  for (int t = 0; t < len; t++) __VERIFIER_assert(moved[t] == kept[t]);
  return 0;
}
