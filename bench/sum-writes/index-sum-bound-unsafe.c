// expected: unsafe
// One zeroed array; the loop writes a[k] = k + 1: once every cell is written the sum is
// size * (size + 1) / 2, above the bound.
extern short __VERIFIER_nondet_short(void);
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "index-sum-bound-unsafe.c", 8, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  long long size = (long long) __VERIFIER_nondet_short();
  if (!(size > 0 && size <= 1000)) return 0;
  long long a[size];
  for (long long i = 0; i < size; i++) a[i] = 0;
  while (1) {
    long long k = (long long) __VERIFIER_nondet_int();
    if (!(k >= 0 && k < size)) return 0;
    a[k] = k + 1;
    if (__VERIFIER_nondet_int() == 0) break;
  }
  long long sum = 0;
  for (long long i = 0; i < size; i++) sum = sum + a[i];
  __VERIFIER_assert(sum <= size * (size - 1) / 2);
  return 0;
}
