// expected: unsafe
// (checked: the interpreter fails the assertion with a = {0, 1, 2, 1000, 1000, ...})
// lmin (Fig. 3(b) of the shrinkability paper, written from its text) with d = 1: the buggy minimum
// (m updated when a[i] - 1 <= m), property m <= a[j] + d for all j. It fails for d < S - 1
// (a = {0, 1, 2, ...}); the paper gives the shrink factor d + 2 = 3.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "shrink.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
#define S 1000
int main(void) {
  int a[S];
  int m = a[0];
  int i;
  for (i = 0; i < S; i++) {
    if (a[i] - 1 <= m) m = a[i];
  }
  int j;
  for (j = 0; j < S; j++) {
    __VERIFIER_assert(m <= a[j] + 1);
  }
  return 0;
}
