// expected: safe
// Computes the maximum m of an array with nondeterministic content, then checks m >= a[j] for
// every j.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "prefix-max-safe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  int a[N];
  int m = a[0];
  for (int i = 1; i < N; i++) {
    if (a[i] > m) {
      m = a[i];
    }
  }
  for (int j = 0; j < N; j++) {
    __VERIFIER_assert(m >= a[j]);
  }
  return 0;
}
