// expected: safe
// A do-while whose body leaves by `continue` (to the exit test) on a negative cell counts the negative and the other cells of nondet content; the two counts make n.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "do-continue-count-safe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int a[n];
  for (int j = 0; j < n; j++) a[j] = __VERIFIER_nondet_int();
  int i = 0, neg = 0, other = 0;
  do {
    if (a[i] < 0) {
      neg++;
      i++;
      continue;
    }
    other++;
    i++;
  } while (i < n);
  __VERIFIER_assert(neg + other == n);
  return 0;
}
