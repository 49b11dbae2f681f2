// expected: safe
// A loop-invariant nondeterministic flag selects a[i] = i or a[i] = -i; a checking loop asserts
// a[i] >= 0 or a[i] <= 0 accordingly.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "flag-array-sign-safe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N < 100000);
  int flag = __VERIFIER_nondet_int();
  int a[N];
  int i;
  for (i = 0; i < N; i++) {
    if (flag) {
      a[i] = i;
    } else {
      a[i] = -i;
    }
  }
  for (i = 0; i < N; i++) {
    if (flag) {
      __VERIFIER_assert(a[i] >= 0);
    } else {
      __VERIFIER_assert(a[i] <= 0);
    }
  }
  return 0;
}
