// expected: safe
// A counting loop with a forward goto that skips the count of negative cells (`goto next;` to a label at the end of the body) and a `goto done;` to the label after the loop at the first zero; the count is at most i and the loop stopped at a zero or the end.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "goto-forward-skip-safe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int a[n];
  for (int j = 0; j < n; j++) a[j] = __VERIFIER_nondet_int();
  int pos = 0;
  int i;
  for (i = 0; i < n; i++) {
    if (a[i] == 0) goto done;
    if (a[i] < 0) goto next;
    pos++;
  next:
    ;
  }
done:
  __VERIFIER_assert(pos <= i);
  __VERIFIER_assert(i == n || a[i] == 0);
  return 0;
}
