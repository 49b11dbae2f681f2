// expected: safe
// An unsigned char counter from a nondeterministic start gains 7 per round for n rounds (wrapping past
// 255 as C does), each round's value stored; taking 7 * n off brings it back to its start.
// (exact wraps: the counter read as a wide value; templates.ts: start <= 255, an unsigned char's range.)
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "narrow-step-wrap-safe.c", 9, "reach_error"); }
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
  t -= 7 * n;
  __VERIFIER_assert(t == start);
  for (int i = 0; i < n; i++) __VERIFIER_assert(seen[i] >= 0 && seen[i] <= 255);
  return 0;
}
