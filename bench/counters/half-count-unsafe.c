// expected: unsafe
// Twin of half-count-safe.c: y grows by 2 at odd x, so y == 2 > x == 1 in the first iteration.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "counters.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }
#define BOUND 1000000000

int main() {
  int n = BOUND;
  if (n < 0) return 0;
  int x = 0, y = 0;
  while (x < n) {
    x++;
    if (x % 2 == 1) y += 2;
    __VERIFIER_assert(y <= x);
  }
  return 0;
}
