// expected: unsafe
// The buggy twin: expects (n + 3) / 4 indices 3 modulo 4 below n, one more than there are when n % 4
// is 1, 2 or 3 and the cap allows them all (n = 1, cap = 1: the count is 0, not 1).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "capped-count-exact-unsafe.c", 8, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  int cap = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000 && cap >= 0 && cap <= n)) return 0;
  int a[n];
  for (int i = 0; i < n; i++) a[i] = i % 4;
  int count = 0;
  for (int i = 0; i < n; i++)
    if (a[i] == 3 && count < cap) count = count + 1;
  int threes = (n + 3) / 4;
  __VERIFIER_assert(count == (cap < threes ? cap : threes));
  return 0;
}
