// expected: unsafe
// An or over 20 nondeterministic ints, and over a copy y[i] = x[(i + s) % (N - 1)]: x[N - 1] is never
// copied, so a bit only it has is lost.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "or-rotate-by-s-unsafe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

#define N 20

int fold_or(int x[N]) {
  int r = 0;
  for (int i = 0; i < N; i++) r |= x[i];
  return r;
}

int main(void) {
  int x[N];
  int y[N];
  for (int i = 0; i < N; i++) x[i] = __VERIFIER_nondet_int();
  int s = __VERIFIER_nondet_int();
  if (!(s >= 0 && s < N)) return 0;
  for (int i = 0; i < N; i++) y[i] = x[(i + s) % (N - 1)];
  if (fold_or(x) != fold_or(y)) reach_error();
  return 0;
}
