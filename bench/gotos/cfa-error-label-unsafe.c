// expected: unsafe
// Label loops beside a `goto ERROR` to the error label (`ERROR: reach_error(); abort();`): cells filled with i % 3 are never negative. Bug: cells filled with i % 3 - 1.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "cfa-error-label-unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int a[1000];
  int i;
  if (!(n > 0 && n <= 1000)) goto label_99;
  i = 0;
  label_1:
  if (!(i < n)) goto label_2;
  a[i] = i % 3 - 1;
  i = i + 1;
  goto label_1;
  label_2:
  i = 0;
  label_3:
  if (!(i < n)) goto label_99;
  if (a[i] < 0) goto ERROR;
  i = i + 1;
  goto label_3;
  ERROR:
  reach_error();
  abort();
  label_99:
  return 0;
}
