// expected: safe
// A global array of 64 ints whose initialiser lists five values: the other 59 cells are 0, so the
// sum is 15 and a chosen cell from index 5 on is 0.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "global-zero-tail-safe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int g[64] = {5, 4, 3, 2, 1};

int main(void) {
  int sum = 0;
  for (int i = 0; i < 64; i++) sum = sum + g[i];
  __VERIFIER_assert(sum == 15);
  int k = __VERIFIER_nondet_int();
  if (!(k >= 5 && k < 64)) return 0;
  __VERIFIER_assert(g[k] == 0);
  return 0;
}
