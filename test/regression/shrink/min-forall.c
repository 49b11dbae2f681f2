// expected: safe
// (checked: m is the minimum of a; exhaustive enumeration of the program with S = 4 (cells in -1..5) finds no failure)
// The correct minimum with the property of Sect. 1 (m <= a[j] for all j): safe.
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
    if (a[i] <= m) m = a[i];
  }
  int j;
  for (j = 0; j < S; j++) {
    __VERIFIER_assert(m <= a[j]);
  }
  return 0;
}
