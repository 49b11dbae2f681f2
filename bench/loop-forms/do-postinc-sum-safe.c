// expected: safe
// A `do { a[i] = 3; } while (i++ < n - 1);` fills the cells, a `while (j++ < n) s += a[j - 1];` sums them; the counters end at n and n + 1 and the sum is 3n.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "do-postinc-sum-safe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int a[n];
  int i = 0;
  do {
    a[i] = 3;
  } while (i++ < n - 1);
  int s = 0, j = 0;
  while (j++ < n) s += a[j - 1];
  __VERIFIER_assert(i == n && j == n + 1);
  __VERIFIER_assert(s == 3 * n);
  return 0;
}
