// expected: safe
// A loop tested at its end (`label: …; if (i < n) goto label;`, a do-while in gotos); every cell is i + 1.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "cfa-bottom-test-safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int a[1000];
  int i;
  if (!(n > 0 && n <= 1000)) goto label_99;
  i = 0;
  label_body:
  a[i] = i + 1;
  i = i + 1;
  if (i < n) goto label_body;
  i = 0;
  label_check:
  if (!(i < n)) goto label_99;
  __VERIFIER_assert(a[i] == i + 1);
  i = i + 1;
  goto label_check;
  label_99:
  return 0;
}
