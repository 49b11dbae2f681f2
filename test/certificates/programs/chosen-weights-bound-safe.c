// expected: safe
// Zeroed arrays; a loop writes x[k] = 2 * k and y[k] = k at indices it chooses: each index adds 0 or
// 3k, so twice the total is between 0 and 6 (0 + 1 + … + (size - 1)) = 3 size (size - 1).
// (chosen-index-guesses.ts: the sum's closed forms with no cell written and every cell written.)
extern short __VERIFIER_nondet_short(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "chosen-weights-bound-safe.c", 10, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  long long size = (long long) __VERIFIER_nondet_short();
  __VERIFIER_assume(size > 0 && size <= 600);
  long long x[size];
  long long y[size];
  for (long long n = 0; n < size; n++) {
    x[n] = 0;
    y[n] = 0;
  }
  while (1) {
    long long k = (long long) __VERIFIER_nondet_int();
    __VERIFIER_assume(k >= 0 && k < size);
    x[k] = 2 * k;
    y[k] = k;
    if (__VERIFIER_nondet_int() == 0) break;
  }
  long long total = 0;
  for (long long n = 0; n < size; n++) total = total + x[n] + y[n];
  __VERIFIER_assert(total >= 0 && 2 * total <= 3 * size * (size - 1));
  return 0;
}
