// expected: unsafe
// Label loops copy nondet cells of a into b, then every cell is compared. Bug: b[2] gets a[2] + 1.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "cfa-copy-unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int a[1000];
  int b[1000];
  int i;
  if (!(n > 0 && n <= 1000)) goto label_end;
  i = 0;
  label_fill:
  if (!(i < n)) goto label_copy;
  a[i] = __VERIFIER_nondet_int();
  i = i + 1;
  goto label_fill;
  label_copy:
  i = 0;
  label_3:
  if (i < n) {
    b[i] = a[i] + (i == 2);
    i = i + 1;
    goto label_3;
  }
  i = 0;
  label_check:
  if (i < n) {
    __VERIFIER_assert(b[i] == a[i]);
    i = i + 1;
    goto label_check;
  }
  label_end:
  return 0;
}
