// expected: safe
// A sentinel search: the key is stored after the n nondet cells and `for (i = 0; ; i++) if (a[i] == key) break;` stops at its first occurrence, at most n; no cell before holds the key.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "for-open-sentinel-safe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int key = __VERIFIER_nondet_int();
  int a[n + 1];
  for (int j = 0; j < n; j++) a[j] = __VERIFIER_nondet_int();
  a[n] = key;
  int i;
  for (i = 0; ; i++) {
    if (a[i] == key) break;
  }
  __VERIFIER_assert(i <= n && a[i] == key);
  for (int j = 0; j < i; j++) __VERIFIER_assert(a[j] != key);
  return 0;
}
