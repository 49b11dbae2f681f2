// expected: unsafe
// A CFA-reduced program: `label_12: if (i < n) { …; goto label_12; } else { goto label_47; }`; a[i] = i, then the sum is n(n - 1)/2. Bug: a[2] = 3.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "cfa-sum-unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int a[1000];
  int i;
  long long s = 0;
  if (!(n > 0 && n <= 1000)) goto label_99;
  i = 0;
  label_12:
  if (i < n) {
    a[i] = i + (i == 2);
    i = i + 1;
    goto label_12;
  } else {
    goto label_47;
  }
  label_47:
  i = 0;
  label_50:
  if (!(i < n)) goto label_60;
  s = s + a[i];
  i = i + 1;
  goto label_50;
  label_60:
  __VERIFIER_assert(2 * s == (long long) n * (n - 1));
  label_99:
  return 0;
}
