// expected: unsafe
// The twin takes 7 * n - 1 off: the counter ends one above its start (modulo 256).
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "narrow-step-wrap-unsafe.c", 9, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 800)) return 0;
  unsigned char start = __VERIFIER_nondet_uchar();
  unsigned char t = start;
  int seen[n];
  for (int i = 0; i < n; i++) {
    t += 7;
    seen[i] = t;
  }
  t -= 7 * n - 1;
  __VERIFIER_assert(t == start);
  for (int i = 0; i < n; i++) __VERIFIER_assert(seen[i] >= 0 && seen[i] <= 255);
  return 0;
}
