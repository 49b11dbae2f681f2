// expected: safe
// Cells start at 1000; the inner loop over j <= i takes the minimum of a[j] and N - i; checks a[k]
// == 1.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "triangle-min-safe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 500);
  int a[N];
  for (int k = 0; k < N; k++) a[k] = 1000;
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++)
      if (a[j] > N - i) a[j] = N - i;
  for (int k = 0; k < N; k++) __VERIFIER_assert(a[k] == 1);
  return 0;
}
