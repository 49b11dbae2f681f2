// expected: unsafe
// cells set to i % 4 while fewer than 2 are zero (read back), else i + 1: the zeros recounted are fewer than two
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "single-written-zero-unsafe.c", 8, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000)) return 0;
  int a[n];
  int k = 0;
  for (int i = 0; i < n; i++) {
    a[i] = i + 1;
    if (k < 2) a[i] = i % 4;
    if (a[i] == 0) k++;
  }
  int zeros = 0;
  for (int i = 0; i < n; i++) {
    if (a[i] == 0) zeros++;
    __VERIFIER_assert(zeros < 2);
  }
  return 0;
}
