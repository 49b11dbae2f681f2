// expected: safe
// cells above half overwritten with i % 3, the others i + 1; the zeros counted and checked in the loop against n / 6 + 1
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "threshold-residue-zeros-safe.c", 8, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000)) return 0;
  int a[n];
  int half = n / 2;
  for (int i = 0; i < n; i++) {
    a[i] = i + 1;
    if (i > half) a[i] = i % 3;
  }
  int zeros = 0;
  for (int i = 0; i < n; i++) {
    if (a[i] == 0) zeros++;
    __VERIFIER_assert(zeros <= n / 6 + 1);
  }
  return 0;
}
