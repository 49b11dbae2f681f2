// expected: unsafe
// A `for (;;)` reads nondet values into the array until it is full (break) or a 0 comes (break), returning from main on a negative one; the k cells read are positive. Bug: the early return is for values below -1, so a -1 is stored (fails when -1 is read before a 0 or a smaller value).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "forever-read-unsafe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int a[n];
  int k = 0;
  for (;;) {
    if (k == n) break;
    int v = __VERIFIER_nondet_int();
    if (v == 0) break;
    if (v < -1) return 0;
    a[k] = v;
    k++;
  }
  __VERIFIER_assert(k <= n);
  for (int j = 0; j < k; j++) __VERIFIER_assert(a[j] > 0);
  return 0;
}
