// expected: unsafe
// Units moved from one nondeterministically chosen cell to another: the total of an array of fives stays 5n.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "conserved-total-unsafe.c", 6, "reach_error"); }
void assume_abort_if_not(int cond) { if (!cond) abort(); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 100000);
  int a[n];
  for (int i = 0; i < n; i++) a[i] = 5;
  while (1) {
    int from = __VERIFIER_nondet_int();
    int to = __VERIFIER_nondet_int();
    assume_abort_if_not(from >= 0 && from < n && to >= 0 && to < n);
    a[from] = a[from] - 1;
    a[to] = a[to] + (to == 2 ? 2 : 1);
    if (__VERIFIER_nondet_int() == 0) break;
  }
  long long sum = 0;
  for (int i = 0; i < n; i++) sum += a[i];
  __VERIFIER_assert(sum == 5 * (long long)n);
  return 0;
}
