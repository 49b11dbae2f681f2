// expected: unsafe
// Copies an array with nondeterministic content into another, then compares them elementwise.
// Buggy twin of copy-compare-safe.c: the copy loop stops one cell early, so b[N-1] keeps its
// nondeterministic content (fails whenever b[N-1] != a[N-1]).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "copy-compare-unsafe.c", 7, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  int a[N];
  int b[N];
  int i;
  for (i = 0; i + 1 < N; i++) {
    b[i] = a[i];
  }
  for (i = 0; i < N; i++) {
    __VERIFIER_assert(b[i] == a[i]);
  }
  return 0;
}
