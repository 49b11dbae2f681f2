// expected: safe
// A signed char counter decremented n <= 1000 times from 0 (below -128 gcc's conversion wraps it to
// 127): it equals (signed char) -n, converted as gcc does (modulo 256 into [-128, 127]).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "schar-countdown-safe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000)) return 0;
  signed char c = 0;
  int i = 0;
  while (i < n) {
    c--;
    i++;
  }
  __VERIFIER_assert(c == (signed char) (-n));
  return 0;
}
