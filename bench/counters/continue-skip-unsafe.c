// expected: unsafe
// Twin of continue-skip-safe.c: b is incremented before the continue, a after it.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "counters.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }
#define BOUND 1000000000

int main() {
  int n = BOUND;
  if (n < 0) return 0;
  int i, a = 0, b = 0;
  for (i = 0; i < n; i++) {
    b += 1;
    if (__VERIFIER_nondet_int()) continue;
    a += 3;
    __VERIFIER_assert(a == 3 * b);
  }
  return 0;
}
