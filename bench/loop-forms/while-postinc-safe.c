// expected: safe
// Side-effect tests: `while (i++ < n) a[i - 1] = i;` fills the cells (i ends at n + 1), `while (i-- > 0)` checks them counting down (i ends at -1).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "while-postinc-safe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int a[n];
  int i = 0;
  while (i++ < n) a[i - 1] = i;
  __VERIFIER_assert(i == n + 1);
  i = n;
  while (i-- > 0) __VERIFIER_assert(a[i] == i + 1);
  __VERIFIER_assert(i == -1);
  return 0;
}
