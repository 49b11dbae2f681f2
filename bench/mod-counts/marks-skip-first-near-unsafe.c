// expected: unsafe
// Near miss of value-mod4-marks: the recount starts at index 1 and misses a mark on the first cell.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "marks-skip-first-near-unsafe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  int limit = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000 && limit >= 0 && limit <= n)) return 0;
  int v[n];
  int mark[n];
  for (int i = 0; i < n; i++) {
    v[i] = __VERIFIER_nondet_int();
    if (!(v[i] >= 0 && v[i] < 1000)) return 0;
    mark[i] = 0;
  }
  int marked = 0;
  for (int i = 0; i < n; i++) {
    if (v[i] % 4 == 2 && marked < limit) {
      mark[i] = 1;
      marked++;
    }
  }
  int recount = 0;
  for (int i = 1; i < n; i++) recount = recount + mark[i];
  __VERIFIER_assert(recount == marked && recount <= limit);
  return 0;
}
