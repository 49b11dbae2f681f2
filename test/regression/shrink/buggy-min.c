// expected: unsafe
// (checked: the interpreter fails the assertion with a = {0, 1, 1000, 1000, ...})
// Sect. 1 of the shrinkability paper: a buggy minimum (a[i]-1 instead of a[i]).
// The property m <= a[j] for all j fails, e.g. for a = {2, 3, 5}; the loop is 2-shrinkable.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "buggy-min.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
extern int __VERIFIER_nondet_int(void);
#define N 1000
int main(void) {
  int a[N];
  int m = a[0];
  int i;
  for (i = 0; i < N; i++) {
    if (a[i] - 1 <= m) m = a[i];
  }
  int j;
  for (j = 0; j < N; j++) {
    __VERIFIER_assert(m <= a[j]);
  }
  return 0;
}
