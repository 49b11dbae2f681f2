// expected: unsafe
// Cells with i % 4 == 1 are zeroed while fewer than limit are, the others get i + 1; the check
// expects at most n / 4 zeros, false for n = 2 and limit >= 1.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "mod4-one-zeros-unsafe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  int limit = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000 && limit >= 0 && limit <= n)) return 0;
  int a[n];
  int zeroed = 0;
  for (int i = 0; i < n; i++) {
    if (i % 4 == 1 && zeroed < limit) {
      a[i] = 0;
      zeroed = zeroed + 1;
    } else {
      a[i] = i + 1;
    }
  }
  int zeros = 0;
  for (int i = 0; i < n; i++)
    if (a[i] == 0) zeros = zeros + 1;
  __VERIFIER_assert(zeros <= n / 4);
  return 0;
}
