// expected: safe
// (checked: m is always some a[k], k < S; exhaustive enumeration of the program with S = 4 (cells in -1..5) finds no failure)
// min2 (Fig. 3(a) of the shrinkability paper, written from its text): the minimum of an array,
// property: there is j with m == a[j] (an existential assertion loop). Safe; 1-shrinkable.
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
    if (a[i] < m) m = a[i];
  }
  int found = 0;
  int j;
  for (j = 0; j < S; j++) {
    if (a[j] == m) found = 1;
  }
  __VERIFIER_assert(found);
  return 0;
}
