// expected: unsafe
// Three zeroed arrays; the loop writes a[k] = 3 * k, b[k] = -1 * k and c[k] = -1 * k + 1:
// each written index adds k + 1, so writing every index passes the bound size * (size - 1) / 2.
extern short __VERIFIER_nondet_short(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "three-weights-bound-unsafe.c", 9, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  long long size = (long long) __VERIFIER_nondet_short();
  if (!(size > 0 && size <= 1000)) return 0;
  long long a[size];
  long long b[size];
  long long c[size];
  for (long long i = 0; i < size; i++) {
    a[i] = 0;
    b[i] = 0;
    c[i] = 0;
  }
  while (1) {
    long long k = (long long) __VERIFIER_nondet_int();
    __VERIFIER_assume(k >= 0 && k < size);
    a[k] = 3 * k;
    b[k] = -1 * k;
    c[k] = -1 * k + 1;
    if (__VERIFIER_nondet_int() == 0) break;
  }
  long long sum = 0;
  for (long long i = 0; i < size; i++) sum = sum + a[i] + b[i] + c[i];
  __VERIFIER_assert(sum >= 0 && sum <= size * (size - 1) / 2);
  return 0;
}
