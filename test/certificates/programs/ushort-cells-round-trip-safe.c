// expected: safe
// Unsigned short cells copied, then -= 40000 in one loop and -= 25536 in a second (each compound
// assignment wraps modulo 65536 as C converts back to unsigned short): 40000 + 25536 = 65536, so
// every cell is back to its copy. (in-place-updates.ts: the cells done are U(F(k)) of the cells on
// entry, and the cells' type range, without which the wraps written exactly do not come back.)
extern int __VERIFIER_nondet_int(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "ushort-cells-round-trip-safe.c", 10, "reach_error"); }
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
  for (int r = 0; r < len; r++) moved[r] -= 25536;
  for (int t = 0; t < len; t++) __VERIFIER_assert(moved[t] == kept[t]);
  return 0;
}
