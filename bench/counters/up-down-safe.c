// expected: safe
// x goes up to 5 and back down to 0, over and over; up is a flag with resets only.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "counters.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }
#define BOUND 1000000000

int main() {
  int n = BOUND;
  if (n < 0) return 0;
  int i = 0, x = 0, up = 1;
  while (i < n) {
    if (up) { x++; if (x == 5) up = 0; } else { x--; if (x == 0) up = 1; }
    i++;
    __VERIFIER_assert(x >= 0 && x <= 5);
  }
  return 0;
}
