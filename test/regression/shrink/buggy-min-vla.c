// expected: unsafe
// (checked: the interpreter fails the assertion with n = 2, a = {-1, 0} (found by exhaustive enumeration))
// The buggy minimum of Sect. 1 over an array of non-deterministic size n: 2-shrinkable; the
// property fails (a = {2, 3, 5}) and a small counterexample exists, so the replay confirms it.
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "shrink.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
#define S 1000
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int a[n];
  int m = a[0];
  int i;
  for (i = 0; i < n; i++) {
    if (a[i] - 1 <= m) m = a[i];
  }
  int j;
  for (j = 0; j < n; j++) {
    __VERIFIER_assert(m <= a[j]);
  }
  return 0;
}
