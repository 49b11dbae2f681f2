// expected: unsafe
// Twin: the negative cells checked against (n - 1) / 2, one fewer than the odd indices below an
// even n.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "odd-negatives-unsafe.c", 7, "reach_error"); }
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
  __VERIFIER_assert(negatives <= limit && negatives <= (n - 1) / 2);
  return 0;
}
