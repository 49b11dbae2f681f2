// expected: safe
// (checked: b[j] = a[j] + 1 > a[j] (int semantics); exhaustive enumeration, n and cells in -1..2 and 0..3, finds no failure)
// An initialisation loop before R (over-approximated by havocking a) inside an if, then
// b[i] = a[i] + 1: the property b[j] > a[j] holds (safe).
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "shrink.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
#define S 1000
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n > 0) {
    int a[n];
    int b[n];
    int i;
    for (i = 0; i < n; i++) {
      a[i] = __VERIFIER_nondet_int();
    }
    for (i = 0; i < n; i++) {
      b[i] = a[i] + 1;
    }
    int j;
    for (j = 0; j < n; j++) {
      __VERIFIER_assert(b[j] > a[j]);
    }
  }
  return 0;
}
