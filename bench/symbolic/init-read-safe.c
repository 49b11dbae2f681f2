// expected: safe
// Initialises every cell of a[N] to 42, then reads every cell back in a second loop.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "init-read-safe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  int a[N];
  int i;
  for (i = 0; i < N; i++) {
    a[i] = 42;
  }
  for (i = 0; i < N; i++) {
    __VERIFIER_assert(a[i] == 42);
  }
  return 0;
}
