// expected: safe
// Odd indices get -1 while fewer than limit have it, the others their index: the negative cells
// are at most limit and at most the n / 2 odd indices below n.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "odd-negatives-safe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  int limit = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000 && limit >= 0 && limit <= n)) return 0;
  int b[n];
  int taken = 0;
  for (int i = 0; i < n; i++) {
    if (i % 2 == 1 && taken < limit) {
      b[i] = -1;
      taken = taken + 1;
    } else {
      b[i] = i;
    }
  }
  int negatives = 0;
  for (int i = 0; i < n; i++)
    if (b[i] < 0) negatives++;
  __VERIFIER_assert(negatives <= limit && negatives <= n / 2);
  return 0;
}
