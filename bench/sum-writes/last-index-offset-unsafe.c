// expected: unsafe
// Zeroed arrays; the loop writes a[k] = k (k + 6 at the last index) and b[k] = -1 * k:
// a write at the last index leaves 6, above the bound 5.
extern short __VERIFIER_nondet_short(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "last-index-offset-unsafe.c", 9, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  long long size = (long long) __VERIFIER_nondet_short();
  if (!(size > 0 && size <= 1000)) return 0;
  int a[size];
  int b[size];
  for (long long i = 0; i < size; i++) {
    a[i] = 0;
    b[i] = 0;
  }
  while (1) {
    long long k = (long long) __VERIFIER_nondet_int();
    __VERIFIER_assume(k >= 0 && k < size);
    if (k == size - 1)
      a[k] = k + 6;
    else
      a[k] = k;
    b[k] = -1 * k;
    if (__VERIFIER_nondet_int() == 0) break;
  }
  long long sum = 0;
  for (long long i = 0; i < size; i++) sum = sum + (long long) a[i] + b[i];
  __VERIFIER_assert(sum >= 0 && sum <= 5);
  return 0;
}
