// expected: safe
// Reverses an array of even size N from both ends at once (iteration i writes b[i] and b[N - 1 - i]), then checks b[k] == a[N - 1 - k] for every k.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "reverse-both-ends-safe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 1000);
  assume_abort_if_not(N % 2 == 0);
  int a[N];
  int b[N];
  for (int i = 0; i < N; i++)
    a[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < N / 2; i++) {
    b[i] = a[N - 1 - i];
    b[N - 1 - i] = a[i];
  }
  for (int k = 0; k < N; k++)
    __VERIFIER_assert(b[k] == a[N - 1 - k]);
  return 0;
}
