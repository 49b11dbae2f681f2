// expected: unsafe
// As ushort-step-counter-safe, compared with 700 * n as an int (no conversion): differs once the
// counter has wrapped, 700 * n >= 65536 (n >= 94).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "ushort-step-counter-unsafe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 100000)) return 0;
  unsigned short s = 0;
  for (int i = 0; i < n; i++) s += 700;
  __VERIFIER_assert(s == 700 * n);
  return 0;
}
