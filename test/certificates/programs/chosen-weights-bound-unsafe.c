// expected: unsafe
// The buggy twin: the bound size (size - 1) is below the total 3 size (size - 1) / 2 of a run that
// writes every index of a size of at least 2.
extern short __VERIFIER_nondet_short(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "chosen-weights-bound-unsafe.c", 10, "reach_error"); }
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
  __VERIFIER_assert(total >= 0 && total <= size * (size - 1));
  return 0;
}
