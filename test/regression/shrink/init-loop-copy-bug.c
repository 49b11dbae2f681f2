// expected: unsafe
// (checked: the interpreter fails the assertion with n = 1, a = {5})
// An initialisation loop before R (over-approximated by havocking a) and a copy that drops cells
// >= 5: the property b[j] == a[j] fails; the replay takes the initial values from the model.
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
      b[i] = a[i] < 5 ? a[i] : 0;
    }
    int j;
    for (j = 0; j < n; j++) {
      __VERIFIER_assert(b[j] == a[j]);
    }
  }
  return 0;
}
