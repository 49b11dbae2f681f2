// expected: safe
// A pointer walk: *p = 2 * i; p++ over n cells, then q = a + n; q -= 1 reads the last cell; checks every cell.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "pointer-walk-safe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 1000);
  int a[n];
  int *p = a;
  for (int i = 0; i < n; i++) {
    *p = 2 * i;
    p++;
  }
  for (int i = 0; i < n; i++) __VERIFIER_assert(a[i] == 2 * i);
  int *q = a + n;
  q -= 1;
  __VERIFIER_assert(*q == 2 * (n - 1));
  return 0;
}
