// expected: unsafe
// A prefix walk as a value: s += *++p from the cell before the first; the sum of 0, 1, ..., n - 1 is n (n - 1) / 2.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "pre-increment-sum-unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 1000);
  int a[n + 1];
  a[0] = 0;
  for (int i = 1; i <= n; i++) a[i] = i - 1;
  int *p = a;
  long long s = 0;
  for (int i = 0; i < n; i++) s += *++p;
  __VERIFIER_assert(2 * s == (long long)n * (n - 1) - (n == 3));
  return 0;
}
