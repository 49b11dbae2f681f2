// expected: unsafe
// Iteration i (stride 3) writes the triple 1, 2, 3; the bug: the check expects 6N - 1, fails for every N.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "stride-three-triples-unsafe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 1000);
  int a[3 * N];
  long long s = 0;
  for (int i = 0; i < 3 * N; i += 3) {
    a[i] = 1;
    a[i + 1] = 2;
    a[i + 2] = 3;
  }
  for (int i = 0; i < 3 * N; i++)
    s = s + a[i];
  __VERIFIER_assert(s == 6 * (long long) N - 1);
  return 0;
}
