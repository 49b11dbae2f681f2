// expected: safe
// Two zeroed arrays; a loop writes p[k] = 3 * k and q[k] = -3 * k at indices it chooses until a
// nondeterministic exit: each index's cells cancel, written or not, so their total is 0.
// (chosen-index-guesses.ts: the cells of one index are both kept or both written.)
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "chosen-pair-cancel-safe.c", 9, "reach_error"); }
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
    q[k] = -3 * k;
    if (__VERIFIER_nondet_int() == 0) break;
  }
  long long total = 0;
  for (long long n = 0; n < count; n++) total = total + p[n] + q[n];
  __VERIFIER_assert(total == 0);
  return 0;
}
