// expected: safe
// A `for (i = next_nonzero(a, n, -1); i < n; i = next_nonzero(a, n, i))` visits the nonzero cells; the helper's own while loop skips zeros; every visited cell is nonzero and visits plus zeros make n.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "for-next-nonzero-safe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int next_nonzero(int a[], int n, int i) {
  i++;
  while (i < n && a[i] == 0) i++;
  return i;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int a[n];
  int zeros = 0;
  for (int j = 0; j < n; j++) {
    a[j] = __VERIFIER_nondet_int();
    if (a[j] == 0) zeros++;
  }
  int visited = 0;
  for (int i = next_nonzero(a, n, -1); i < n; i = next_nonzero(a, n, i)) {
    __VERIFIER_assert(a[i] != 0);
    visited++;
  }
  __VERIFIER_assert(visited + zeros == n);
  return 0;
}
