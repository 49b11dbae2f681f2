// expected: safe
// Nested label loops: an inner loop adds 1 to a[i] three times; every cell is 3.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "cfa-nested-safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int a[1000];
  int i, j;
  if (!(n > 0 && n <= 1000)) goto label_99;
  i = 0;
  label_10:
  if (!(i < n)) goto label_30;
  a[i] = 0;
  j = 0;
  label_20:
  if (!(j < 3)) goto label_25;
  a[i] = a[i] + 1;
  j = j + 1;
  goto label_20;
  label_25:
  i = i + 1;
  goto label_10;
  label_30:
  i = 0;
  label_40:
  if (!(i < n)) goto label_99;
  __VERIFIER_assert(a[i] == 3);
  i = i + 1;
  goto label_40;
  label_99:
  return 0;
}
