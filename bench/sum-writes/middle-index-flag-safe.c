// expected: safe
// Zeroed arrays; the loop writes a[k] = k and b[k] = -1 * k, except b[k] = 1 - k at the middle index
// size / 2: every other index cancels, so the sum is 0 or 1 (whether the middle index was chosen).
extern short __VERIFIER_nondet_short(void);
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "middle-index-flag-safe.c", 8, "reach_error"); }
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
    a[k] = k;
    if (k == size / 2)
      b[k] = 1 - k;
    else
      b[k] = -1 * k;
    if (__VERIFIER_nondet_int() == 0) break;
  }
  long long sum = 0;
  for (long long i = 0; i < size; i++) sum = sum + a[i] + b[i];
  __VERIFIER_assert(sum == 0 || sum == 1);
  return 0;
}
