// expected: unsafe
// Initialises a[i] = i, shifts the array one cell right with a decrementing loop (a[i] = a[i-1]
// for i = N-1 down to 1), then checks a[0] == 0 and a[i] == i - 1 for i >= 1. Buggy twin of
// decrement-shift-safe.c: the shift loop runs upwards, so every cell becomes a[0] == 0 (fails from
// N = 3).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "decrement-shift-unsafe.c", 8, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N < 100000);
  int a[N];
  int i;
  for (i = 0; i < N; i++) {
    a[i] = i;
  }
  for (i = 1; i < N; i++) {
    a[i] = a[i - 1];
  }
  __VERIFIER_assert(a[0] == 0);
  for (i = 1; i < N; i++) {
    __VERIFIER_assert(a[i] == i - 1);
  }
  return 0;
}
