// expected: safe
// Early returns from main inside loops: the fill returns on a value outside [-100, 100], the sum returns at the first negative cell; when the sum loop ends, the sum and every cell are not negative.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "return-in-loop-safe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int a[n];
  for (int j = 0; j < n; j++) {
    a[j] = __VERIFIER_nondet_int();
    if (a[j] < -100 || a[j] > 100) return 0;
  }
  int s = 0;
  for (int i = 0; i < n; i++) {
    if (a[i] < 0) return 0;
    s += a[i];
  }
  __VERIFIER_assert(s >= 0);
  for (int j = 0; j < n; j++) __VERIFIER_assert(a[j] >= 0);
  return 0;
}
