// expected: unsafe
// Initialises a[i] = 2*i, transforms b[i] = a[i] + 5, then checks b[i] == 2*i + 5 for every i.
// Buggy twin of transform-add-safe.c: the transform adds 4 instead of 5.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "transform-add-unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N < 100000);
  int a[N];
  int b[N];
  for (int i = 0; i < N; i++) {
    a[i] = 2 * i;
  }
  for (int i = 0; i < N; i++) {
    b[i] = a[i] + 4;
  }
  for (int i = 0; i < N; i++) {
    __VERIFIER_assert(b[i] == 2 * i + 5);
  }
  return 0;
}
