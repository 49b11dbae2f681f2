// expected: unsafe
// Twin of inner-fixed-safe.c: the test expects c == 9, so the else branch runs and a != b after one iteration.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "counters.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }
#define BOUND 1000000000

int main() {
  int n = BOUND;
  if (n < 0) return 0;
  int i, c, a = 0, b = 0;
  for (i = 0; i < n; i++) {
    for (c = 0; c < 10; c++) { }
    if (c == 9) { a += 2; b += 2; } else { a += 1; }
    __VERIFIER_assert(a == b);
  }
  return 0;
}
