// expected: safe
// A `switch (i % 4)` inside a fill loop whose cases fall through (case 3 into 2 into 1) adds 1 per case passed; every cell holds j % 4.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "switch-fallthrough-safe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int a[n];
  for (int i = 0; i < n; i++) {
    a[i] = 0;
    switch (i % 4) {
    case 3:
      a[i]++;
      /* fall through */
    case 2:
      a[i]++;
      /* fall through */
    case 1:
      a[i]++;
      break;
    default:
      a[i] = 0;
    }
  }
  for (int j = 0; j < n; j++) __VERIFIER_assert(a[j] == j % 4);
  return 0;
}
