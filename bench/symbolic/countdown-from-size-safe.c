// expected: safe
// a[0] = N and a[i] = a[i - 1] - 1: a countdown from the size; checks a[j] == N - j for every j.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "countdown-from-size-safe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 10000);
  int a[N];
  int i;
  a[0] = N;
  for (i = 1; i < N; i++) {
    a[i] = a[i - 1] - 1;
  }
  for (i = 0; i < N; i++) {
    __VERIFIER_assert(a[i] == N - i);
  }
  return 0;
}
