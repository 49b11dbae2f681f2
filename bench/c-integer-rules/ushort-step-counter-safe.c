// expected: safe
// An unsigned short counter gets += 700 once per iteration, n <= 100000 times (wrapping modulo 65536
// many times over): it equals (unsigned short) (700 * n).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "ushort-step-counter-safe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 100000)) return 0;
  unsigned short s = 0;
  for (int i = 0; i < n; i++) s += 700;
  __VERIFIER_assert(s == (unsigned short) (700 * n));
  return 0;
}
