// expected: safe
// The loop runs down from N-1 and peels the last cell (`if (i == N - 1) a[N - 1] = 0;`), a[i] =
// a[i+1] + 3; checks a[i] == 3*(N-1-i).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "recurrence-downward-safe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 1000);
  int a[N];
  for (int i = N - 1; i >= 0; i--) {
    if (i == N - 1) a[N - 1] = 0;
    else a[i] = a[i + 1] + 3;
  }
  for (int i = 0; i < N; i++) __VERIFIER_assert(a[i] == 3 * (N - 1 - i));
  return 0;
}
