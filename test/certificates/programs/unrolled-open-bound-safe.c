// expected: safe
// A fill of n nondeterministic cells, n chosen in [1, 8]: the loop's bound is no constant, so the
// unrolling certifier refuses it (its unrolling is never complete by constant folding).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "unrolled-open-bound-safe.c", 7, "reach_error"); }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n >= 1 && n <= 8)) return 0;
  int x[8];
  for (int i = 0; i < n; i++) x[i] = 1;
  if (x[0] != 1) reach_error();
  return 0;
}
