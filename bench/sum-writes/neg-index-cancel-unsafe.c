// expected: unsafe
// Two zeroed arrays of a size read from a short; an unbounded loop writes a[k] = -1 * k and b[k] = k at
// chosen indices, but b gets k + 1 at the last index: the sum is 1 once the last cell is written.
extern short __VERIFIER_nondet_short(void);
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "neg-index-cancel-unsafe.c", 8, "reach_error"); }
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
    a[k] = -1 * k;
    b[k] = k + (k == size - 1);
    if (__VERIFIER_nondet_int() == 0) break;
  }
  long long sum = 0;
  for (long long i = 0; i < size; i++) sum = sum + a[i] + b[i];
  __VERIFIER_assert(sum == 0);
  return 0;
}
