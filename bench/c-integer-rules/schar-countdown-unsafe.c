// expected: unsafe
// As schar-countdown-safe, compared with (signed char) n: differs for n = 1 (-1 against 1).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "schar-countdown-unsafe.c", 6, "reach_error"); }
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
  __VERIFIER_assert(c == (signed char) n);
  return 0;
}
