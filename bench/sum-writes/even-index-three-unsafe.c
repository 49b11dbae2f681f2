// expected: unsafe
// Three zeroed arrays; at an even index the loop writes 2k, -k, -k, at an odd one -k, k, 1: a write
// at an odd index leaves 1, so the sum is positive.
extern short __VERIFIER_nondet_short(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "even-index-three-unsafe.c", 9, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  long long size = (long long) __VERIFIER_nondet_short();
  __VERIFIER_assume(size > 0 && size <= 1000);
  int a[size];
  int b[size];
  int c[size];
  for (long long i = 0; i < size; i++) {
    a[i] = 0;
    b[i] = 0;
    c[i] = 0;
  }
  while (1) {
    long long k = (long long) __VERIFIER_nondet_int();
    __VERIFIER_assume(k >= 0 && k < size);
    if (k % 2 == 0) {
      a[k] = 2 * k;
      b[k] = -1 * k;
      c[k] = -1 * k;
    } else {
      a[k] = -1 * k;
      b[k] = k;
      c[k] = 1;
    }
    if (__VERIFIER_nondet_int() == 0) break;
  }
  long long sum = 0;
  for (long long i = 0; i < size; i++) sum = sum + a[i] + b[i] + c[i];
  __VERIFIER_assert(sum == 0);
  return 0;
}
