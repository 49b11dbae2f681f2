// expected: unsafe
// Cell k starts at k + 2; N passes each decrement every positive cell; the bug: the last cell ends at 1, fails for every N.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "saturating-countdown-unsafe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 1000);
  int a[N];
  for (int i = 0; i < N; i++)
    a[i] = i + 2;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (a[j] > 0)
        a[j] = a[j] - 1;
  for (int k = 0; k < N; k++)
    __VERIFIER_assert(a[k] == 0);
  return 0;
}
