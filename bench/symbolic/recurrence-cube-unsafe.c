// expected: unsafe
// Peeled a[0], a[i] = a[i-1] + 3*i*i - 3*i + 1; checks a[i] == i*i*i. Buggy twin of recurrence-cube-
// safe.c: the peel writes 1 instead of 0 (fails for N = 1).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "recurrence-cube-unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 1000);
  int a[N];
  for (int i = 0; i < N; i++) {
    if (i == 0) a[0] = 1;
    else a[i] = a[i - 1] + 3 * i * i - 3 * i + 1;
  }
  for (int i = 0; i < N; i++) __VERIFIER_assert(a[i] == i * i * i);
  return 0;
}
