// expected: safe
// cells zeroed (i % 1) while fewer than limit are zero, each zero counted by reading the cell back; the zeros recounted, checked against the limit (zeros <= limit)
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "capped-written-zeros-safe.c", 8, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  int limit = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000 && limit > 0 && limit < n)) return 0;
  int a[n];
  int k = 0;
  for (int i = 0; i < n; i++) {
    a[i] = i + 1;
    if (k < limit) a[i] = i % 1;
    if (a[i] == 0) k++;
  }
  int zeros = 0;
  for (int i = 0; i < n; i++) {
    if (a[i] == 0) zeros++;
    __VERIFIER_assert(zeros <= limit);
  }
  return 0;
}
