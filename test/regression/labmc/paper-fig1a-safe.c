// expected: safe
// Paper 004, Fig. 1a, with `last` nondeterministic: an outer loop that never ends, an inner loop of
// 2000 iterations that looks for `last`, and an assertion inside the outer loop. a and b grow by the
// same amount in every branch except the third, which only runs when c == last, impossible after
// the inner loop has run to 2000 unless last == 2000 (then st stays 1).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "paper-fig1a-safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }

int main() {
  int last = __VERIFIER_nondet_int();
  int a = 0, b = 0, c = 0, st = 0;
  while (1) {
    st = 1;
    for (c = 0; c < 2000; c++)
      if (c == last) st = 0;
    if (st == 0 && c == last + 1) {
      a += 3; b += 3;
    } else {
      a += 2; b += 2;
    }
    if (c == last && st == 0)
      a = a + 1;
    __VERIFIER_assert(a == b && c == 2000);
  }
  return 0;
}
