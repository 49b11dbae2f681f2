// expected: unsafe
// N passes r over cells a[k] = k; each pass counts in b[k] whether a[k] > r (strict); checks b[k] == k + 1 (fails for N = 1).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested-pass-threshold-count-unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N < 2000);
  int a[N];
  int b[N];
  for (int i = 0; i < N; i++) {
    a[i] = i;
    b[i] = 0;
  }
  for (int r = 0; r < N; r++)
    for (int k = 0; k < N; k++)
      if (a[k] > r)
        b[k] = b[k] + 1;
  for (int i = 0; i < N; i++)
    __VERIFIER_assert(b[i] == i + 1);
  return 0;
}
