// expected: unsafe
// Reverses an array of size 2N from both ends at once; the bug: the check expects a copy (b[k] == a[k]), fails for N = 1 when a[0] != a[1].
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "reverse-both-ends-unsafe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 1000);
  int a[2 * N];
  int b[2 * N];
  for (int i = 0; i < 2 * N; i++)
    a[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < N; i++) {
    b[i] = a[2 * N - 1 - i];
    b[2 * N - 1 - i] = a[i];
  }
  for (int k = 0; k < 2 * N; k++)
    __VERIFIER_assert(b[k] == a[k]);
  return 0;
}
