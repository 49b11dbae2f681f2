// expected: unsafe
// As nested-add-outer-cell-safe; the bug: the last cell of a is set to 2 after the first loop, so every cell of b ends at N + 1 (fails for every N).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested-add-outer-cell-unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 1000);
  int a[N];
  int b[N];
  for (int i = 0; i < N; i++) {
    a[i] = 1;
    b[i] = 0;
  }
  a[N - 1] = 2;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      b[j] = b[j] + a[i];
  for (int k = 0; k < N; k++)
    __VERIFIER_assert(b[k] == N);
  return 0;
}
