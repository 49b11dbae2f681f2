// expected: safe
// An xor of 30 nondeterministic ints, against an xor of the pairs x[i] ^ x[i + 1] for even i: the same
// cells, so the results agree.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "xor-pairs-safe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

#define N 30

int main(void) {
  int x[N];
  for (int i = 0; i < N; i++) x[i] = __VERIFIER_nondet_int();
  int r1 = 0;
  for (int i = 0; i < N; i++) r1 = r1 ^ x[i];
  int r2 = 0;
  for (int i = 0; i < N; i = i + 2) r2 = r2 ^ (x[i] ^ x[i + 1]);
  if (r1 != r2) reach_error();
  return 0;
}
