// expected: unsafe
// Twin of ratio-inside-safe.c: the second branch adds 3 to y (fails in the first iteration that takes it).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "counters.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }
#define BOUND 1000000000

int main() {
  int n = BOUND;
  if (n < 0) return 0;
  int i = 0, x = 0, y = 0;
  while (i < n) {
    if (__VERIFIER_nondet_int()) { x++; y += 2; } else { x += 2; y += 3; }
    i++;
    __VERIFIER_assert(y == 2 * x);
  }
  return 0;
}
