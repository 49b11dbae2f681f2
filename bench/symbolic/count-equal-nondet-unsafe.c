// expected: unsafe
// Fills a[N] with a nondeterministic value v, then counts the cells equal to v; checks count == N.
// Buggy twin of count-equal-nondet-safe.c: the counting loop starts at 1 (count == N - 1).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "count-equal-nondet-unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  int v = __VERIFIER_nondet_int();
  int a[N];
  int c[1];
  int i;
  for (i = 0; i < N; i++) {
    a[i] = v;
  }
  c[0] = 0;
  for (i = 1; i < N; i++) {
    if (a[i] == v) {
      c[0] = c[0] + 1;
    }
  }
  __VERIFIER_assert(c[0] == N);
  return 0;
}
