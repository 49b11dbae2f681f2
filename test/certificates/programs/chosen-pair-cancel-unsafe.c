// expected: unsafe
// The buggy twin: q[k] = -3 * k + 1, so each written index adds 1 and the total is the number of
// indices written (at least one), never 0.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "chosen-pair-cancel-unsafe.c", 9, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  long long count = (long long) __VERIFIER_nondet_int();
  __VERIFIER_assume(count >= 1 && count <= 500);
  long long p[count];
  long long q[count];
  for (long long n = 0; n < count; n++) {
    p[n] = 0;
    q[n] = 0;
  }
  while (1) {
    long long k = (long long) __VERIFIER_nondet_int();
    __VERIFIER_assume(k >= 0 && k < count);
    p[k] = 3 * k;
    q[k] = -3 * k + 1;
    if (__VERIFIER_nondet_int() == 0) break;
  }
  long long total = 0;
  for (long long n = 0; n < count; n++) total = total + p[n] + q[n];
  __VERIFIER_assert(total == 0);
  return 0;
}
