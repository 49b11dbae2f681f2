// expected: unsafe
// Twin of split-sum-safe.c: the second branch adds 2 to y.
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
    if (__VERIFIER_nondet_int()) x++; else y += 2;
    i++;
    if (__VERIFIER_nondet_int()) break;
  }
  __VERIFIER_assert(x + y == i);
  return 0;
}
