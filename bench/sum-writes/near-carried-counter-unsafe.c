// expected: unsafe
// Near miss of the class (a loop-carried counter in the value): a[k] = n with n counting the writes,
// so the second write at index 0 of a one-cell array leaves 2, above the bound size (size + 1) / 2.
extern short __VERIFIER_nondet_short(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "near-carried-counter-unsafe.c", 9, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  long long size = (long long) __VERIFIER_nondet_short();
  if (!(size > 0 && size <= 1000)) return 0;
  long long a[size];
  for (long long i = 0; i < size; i++) {
    a[i] = 0;
  }
  long long n = 0;
  while (1) {
    long long k = (long long) __VERIFIER_nondet_int();
    if (!(k >= 0 && k < size)) return 0;
    n = n + 1;
    a[k] = n;
    if (__VERIFIER_nondet_int() == 0) break;
  }
  long long sum = 0;
  for (long long i = 0; i < size; i++) sum = sum + a[i];
  __VERIFIER_assert(sum <= size * (size + 1) / 2);
  return 0;
}
