// expected: unsafe
// The buggy twin of paper-fig1a-safe.c (inner bound 6 so that bmc can reach the bug): when
// last == 5 the first branch adds 3 to both counters and the third adds 1 more to a.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "paper-fig1a-unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }

int main() {
  int last = __VERIFIER_nondet_int();
  int a = 0, b = 0, c = 0, st = 0;
  while (1) {
    st = 1;
    for (c = 0; c < 6; c++)
      if (c == last) st = 0;
    if (st == 0 && c == last + 1) {
      a += 3; b += 3;
    } else {
      a += 2; b += 2;
    }
    if (c == last + 1 && st == 0)
      a = a + 1;
    __VERIFIER_assert(a == b && c == 6);
  }
  return 0;
}
