// expected: safe
// Every third cell of a[N] holds 3, the others 0; the sum is 3*ceil(N/3); checks it is <= N + 2.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "every-third-sum-safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N < 100000);
  int a[N];
  int s = 0;
  int i;
  for (i = 0; i < N; i++) {
    if (i % 3 == 0) a[i] = 3;
    else a[i] = 0;
  }
  for (i = 0; i < N; i++) s = s + a[i];
  __VERIFIER_assert(s <= N + 2);
  return 0;
}
