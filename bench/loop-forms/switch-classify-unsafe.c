// expected: unsafe
// The signs of nondet values are stored (-1, 0, 1), and a `switch` on each cell with a break in every case counts them; the three counts make n. Bug: the zero case has no break and falls into the positive count (fails when a value is 0).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "switch-classify-unsafe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int a[n];
  for (int j = 0; j < n; j++) {
    int v = __VERIFIER_nondet_int();
    a[j] = v < 0 ? -1 : (v > 0 ? 1 : 0);
  }
  int neg = 0, zero = 0, pos = 0;
  for (int i = 0; i < n; i++) {
    switch (a[i]) {
    case -1:
      neg++;
      break;
    case 0:
      zero++;
    default:
      pos++;
      break;
    }
  }
  __VERIFIER_assert(neg + zero + pos == n);
  return 0;
}
