// expected: safe
// Nondeterministic values in [0, 100): a running count of those 0 modulo 5, capped at limit and
// checked inside the loop: at most limit and at most the i + 1 cells read so far.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "value-mod5-running-safe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  int limit = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000 && limit >= 0 && limit <= n)) return 0;
  int v[n];
  for (int i = 0; i < n; i++) {
    v[i] = __VERIFIER_nondet_int();
    if (!(v[i] >= 0 && v[i] < 100)) return 0;
  }
  int hits = 0;
  for (int i = 0; i < n; i++) {
    if (v[i] % 5 == 0 && hits < limit) hits++;
    __VERIFIER_assert(hits <= limit && hits <= i + 1);
  }
  return 0;
}
