// expected: safe
// Cells hold their index modulo 4; a loop counts the cells equal to 3 while the count is below cap:
// it ends with exactly min(cap, n / 4), the indices 3 modulo 4 below n being n / 4.
// (capped-count-guesses.ts: count == min(cap, N(i)), the cells read through a[j] == j % 4.)
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "capped-count-exact-safe.c", 8, "reach_error"); }
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
  int threes = n / 4;
  __VERIFIER_assert(count == (cap < threes ? cap : threes));
  return 0;
}
