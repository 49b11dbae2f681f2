// expected: safe
// Loops in sequence over three arrays: a[i] = 1, b[i] = a[i] + 1, c[i] = a[i] + b[i], then sums c
// into s[0]; checks s[0] == 3*N.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "three-arrays-safe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N < 100000);
  int a[N];
  int b[N];
  int c[N];
  int s[1];
  int i;
  for (i = 0; i < N; i++) {
    a[i] = 1;
  }
  for (i = 0; i < N; i++) {
    b[i] = a[i] + 1;
  }
  for (i = 0; i < N; i++) {
    c[i] = a[i] + b[i];
  }
  s[0] = 0;
  for (i = 0; i < N; i++) {
    s[0] = s[0] + c[i];
  }
  __VERIFIER_assert(s[0] == 3 * N);
  return 0;
}
