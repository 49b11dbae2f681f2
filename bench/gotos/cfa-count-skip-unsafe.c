// expected: unsafe
// A forward goto inside a label loop skips the count of nonzero cells (a[i] = i % 2): the zeros are at least half the cells. Bug: the check says more than half (false for even n).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "cfa-count-skip-unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int a[1000];
  int i, c = 0;
  if (!(n > 0 && n <= 1000)) goto label_99;
  i = 0;
  label_1:
  if (!(i < n)) goto label_2;
  a[i] = i % 2;
  i = i + 1;
  goto label_1;
  label_2:
  i = 0;
  label_loop:
  if (!(i < n)) goto label_done;
  if (a[i] != 0) goto label_skip;
  c = c + 1;
  label_skip:
  i = i + 1;
  goto label_loop;
  label_done:
  __VERIFIER_assert(2 * c > n);
  label_99:
  return 0;
}
