// expected: unsafe
// Zeroed arrays; the loop writes a[k] = k * k and b[k] = -2 * k:
// a write at k = 1 adds -1, so the sum can be negative.
extern short __VERIFIER_nondet_short(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "square-minus-index-unsafe.c", 9, "reach_error"); }
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
    if (!(k >= 0 && k < size)) return 0;
    a[k] = k * k;
    b[k] = -2 * k;
    if (__VERIFIER_nondet_int() == 0) break;
  }
  long long sum = 0;
  for (long long i = 0; i < size; i++) sum = sum + (long long) a[i] + b[i];
  __VERIFIER_assert(sum >= 0);
  return 0;
}
