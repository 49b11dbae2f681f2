// expected: unsafe
// A do-while fills a[i] = 2i + 1 over a VLA of nondet size n >= 1; i ends at n and every cell is checked. Bug: asserts i != 3 after the loop, but the do-while leaves i at n (fails for n = 3).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "do-fill-unsafe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int a[n];
  int i = 0;
  do {
    a[i] = 2 * i + 1;
    i++;
  } while (i < n);
  __VERIFIER_assert(i != 3);
  for (int j = 0; j < n; j++) __VERIFIER_assert(a[j] == 2 * j + 1);
  return 0;
}
