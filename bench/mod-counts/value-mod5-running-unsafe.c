// expected: unsafe
// Twin: checked against i, the cells read before this one: fails when the first value is a
// multiple of 5 and limit > 0.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "value-mod5-running-unsafe.c", 7, "reach_error"); }
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
    __VERIFIER_assert(hits <= limit && hits <= i);
  }
  return 0;
}
