// expected: unsafe
// Twin of up-down-safe.c: the turn happens at 6, so x == 6 after the sixth iteration.
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
    if (up) { x++; if (x == 6) up = 0; } else { x--; if (x == 0) up = 1; }
    i++;
    __VERIFIER_assert(x >= 0 && x <= 5);
  }
  return 0;
}
