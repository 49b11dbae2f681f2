// expected: safe
// x counts down from n while y counts up: y == n at the end.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "counters.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }
#define BOUND 1000000000

int main() {
  int n = BOUND;
  if (n < 0) return 0;
  int x = n, y = 0;
  while (x > 0) {
    x--;
    y++;
  }
  __VERIFIER_assert(y == n);
  return 0;
}
