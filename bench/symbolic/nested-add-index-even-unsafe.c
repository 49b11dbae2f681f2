// expected: unsafe
// N passes add i to the even cells of a[N] (initially 1); checks a[i] == 1 + i at odd i (wrong for N > 0 at i = 1).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested-add-index-even-unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N < 1000);
  int a[N];
  int i, j;
  for (i = 0; i < N; i++) a[i] = 1;
  for (j = 0; j < N; j++) {
    for (i = 0; i < N; i++) {
      if (i % 2 == 0) a[i] = a[i] + i;
    }
  }
  for (i = 0; i < N; i++) {
    if (i % 2 == 0) __VERIFIER_assert(a[i] == 1 + i * N);
    else __VERIFIER_assert(a[i] == 1 + i);
  }
  return 0;
}
