// expected: safe
// A helper fills cells with 7 in a loop and returns early at a nondet stop index (or n); the cells before the returned index are 7, the rest keep 0.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "helper-fill-return-safe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int fill_until(int a[], int n, int stop, int v) {
  for (int i = 0; i < n; i++) {
    if (i == stop) return i;
    a[i] = v;
  }
  return n;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int stop = __VERIFIER_nondet_int();
  int a[n];
  for (int j = 0; j < n; j++) a[j] = 0;
  int k = fill_until(a, n, stop, 7);
  __VERIFIER_assert(0 <= k && k <= n);
  for (int j = 0; j < k; j++) __VERIFIER_assert(a[j] == 7);
  for (int j = k; j < n; j++) __VERIFIER_assert(a[j] == 0);
  return 0;
}
