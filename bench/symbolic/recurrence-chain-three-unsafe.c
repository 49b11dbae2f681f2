// expected: unsafe
// Three peeled arrays: a[k] = 6k + 6, b[k] = 3k² + 3k + 1, c[k] = k³; checks c[i] == i*i*i. Buggy
// twin of recurrence-chain-three-safe.c: a starts at 5 (fails from N = 3).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "recurrence-chain-three-unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 1000);
  int a[N];
  int b[N];
  int c[N];
  for (int i = 0; i < N; i++) {
    if (i == 0) a[0] = 5;
    else a[i] = a[i - 1] + 6;
  }
  for (int i = 0; i < N; i++) {
    if (i == 0) b[0] = 1;
    else b[i] = b[i - 1] + a[i - 1];
  }
  for (int i = 0; i < N; i++) {
    if (i == 0) c[0] = 0;
    else c[i] = c[i - 1] + b[i - 1];
  }
  for (int i = 0; i < N; i++) __VERIFIER_assert(c[i] == i * i * i);
  return 0;
}
