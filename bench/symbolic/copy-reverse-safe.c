// expected: safe
// Initialises a[i] = i, copies it reversed (b[N-1-i] = a[i]); checks b[i] + i == N - 1 for every
// i.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "copy-reverse-safe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N < 100000);
  int a[N];
  int b[N];
  int i;
  for (i = 0; i < N; i++) {
    a[i] = i;
  }
  for (i = 0; i < N; i++) {
    b[N - 1 - i] = a[i];
  }
  for (i = 0; i < N; i++) {
    __VERIFIER_assert(b[i] + i == N - 1);
  }
  return 0;
}
