// expected: unsafe
// The first cell set before the loop (a[0] = 2), the loop from 1 with a[i] = a[i-1] + 3; checks a[i]
// == 3*i + 2. Buggy twin of recurrence-peel-before-safe.c: a[0] = 3 (fails for N = 1).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "recurrence-peel-before-unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 1000);
  int a[N];
  a[0] = 3;
  for (int i = 1; i < N; i++) a[i] = a[i - 1] + 3;
  for (int i = 0; i < N; i++) __VERIFIER_assert(a[i] == 3 * i + 2);
  return 0;
}
