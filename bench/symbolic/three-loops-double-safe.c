// expected: safe
// Three loops in sequence over one array: a[i] = i, then a[i] = a[i] + a[i], then check a[i] ==
// 2*i.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "three-loops-double-safe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N < 100000);
  int a[N];
  int i;
  for (i = 0; i < N; i++) {
    a[i] = i;
  }
  for (i = 0; i < N; i++) {
    a[i] = a[i] + a[i];
  }
  for (i = 0; i < N; i++) {
    __VERIFIER_assert(a[i] == 2 * i);
  }
  return 0;
}
