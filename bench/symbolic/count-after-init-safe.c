// expected: safe
// Initialises a[i] = i + 1 (all positive), counts the positive cells; checks count == N.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "count-after-init-safe.c", 5, "reach_error"); }
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
    if (a[i] > 0) {
      count++;
    }
  }
  __VERIFIER_assert(count == N);
  return 0;
}
