// expected: safe
// A loop counting down by 2 from n - 1 marks every other cell of a zeroed array, the last one included; a cell is 1 exactly when n - 1 - j is even.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "step-down-two-safe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int a[n];
  for (int j = 0; j < n; j++) a[j] = 0;
  for (int i = n - 1; i >= 0; i -= 2) a[i] = 1;
  for (int j = 0; j < n; j++) __VERIFIER_assert(a[j] == ((n - 1 - j) % 2 == 0 ? 1 : 0));
  return 0;
}
