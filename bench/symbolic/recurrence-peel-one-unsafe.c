// expected: unsafe
// The loop from 1 peels i == 1 (a[1] = 4), then a[i] = a[i-1] + 2; checks a[i] == 2*i + 2 for i >=
// 1. Buggy twin of recurrence-peel-one-safe.c: the check starts at 0, where a[0] keeps its
// nondeterministic content (fails whenever a[0] != 2).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "recurrence-peel-one-unsafe.c", 7, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 1000);
  int a[N];
  for (int i = 1; i < N; i++) {
    if (i == 1) a[1] = 4;
    else a[i] = a[i - 1] + 2;
  }
  for (int i = 0; i < N; i++) __VERIFIER_assert(a[i] == 2 * i + 2);
  return 0;
}
