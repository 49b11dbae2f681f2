// expected: safe
// A do-while counting down (`i = n; do { i--; a[i] = n - i; } while (i > 0);`) over a zeroed array; every cell holds n - j.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "countdown-do-safe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int a[n];
  for (int j = 0; j < n; j++) a[j] = 0;
  int i = n;
  do {
    i--;
    a[i] = n - i;
  } while (i > 0);
  for (int j = 0; j < n; j++) __VERIFIER_assert(a[j] == n - j);
  return 0;
}
