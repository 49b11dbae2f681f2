// expected: safe
// A[k] = 2k + 1 (peeled), then b[i] = b[i-1] + a[i] from b[0] = 1; checks b[i] == (i+1)*(i+1).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "recurrence-odd-squares-safe.c", 5, "reach_error"); }
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
    if (i == 0) a[0] = 1;
    else a[i] = a[i - 1] + 2;
  }
  for (int i = 0; i < N; i++) {
    if (i == 0) b[0] = 1;
    else b[i] = b[i - 1] + a[i];
  }
  for (int i = 0; i < N; i++) __VERIFIER_assert(b[i] == (i + 1) * (i + 1));
  return 0;
}
