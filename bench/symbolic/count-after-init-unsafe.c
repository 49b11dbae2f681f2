// expected: unsafe
// Initialises a[i] = i + 1 (all positive), counts the positive cells; checks count == N. Buggy
// twin of count-after-init-safe.c: counts a[i] > 1 instead of a[i] > 0, which misses a[0] (count
// == N - 1).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "count-after-init-unsafe.c", 7, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  int a[N];
  int count = 0;
  for (int i = 0; i < N; i++) {
    a[i] = i + 1;
  }
  for (int i = 0; i < N; i++) {
    if (a[i] > 1) {
      count++;
    }
  }
  __VERIFIER_assert(count == N);
  return 0;
}
