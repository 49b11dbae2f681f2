// expected: unsafe
// CIL's loops (`while (1) { while_0_continue: ; if (!(i < n)) goto while_0_break; … }`): a[i] = 2i, then every cell checked. Bug: a[2] = 5.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "cil-init-check-unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int a[1000];
  int i;
  if (n <= 0 || n > 1000) return 0;
  i = 0;
  while (1) {
    while_0_continue: ;
    if (!(i < n)) goto while_0_break;
    a[i] = 2 * i + (i == 2);
    i = i + 1;
  }
  while_0_break: ;
  i = 0;
  while (1) {
    while_1_continue: ;
    if (!(i < n)) goto while_1_break;
    __VERIFIER_assert(a[i] == 2 * i);
    i++;
    goto while_1_continue;
  }
  while_1_break: ;
  return 0;
}
