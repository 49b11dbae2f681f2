// expected: unsafe
// An and over 64 nondeterministic ints from -1, against the and of two halves whose second loop starts
// one cell late: a bit cleared only in x[N / 2] survives.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "and-split-unsafe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

#define N 64

int main(void) {
  int x[N];
  for (int i = 0; i < N; i++) x[i] = __VERIFIER_nondet_int();
  int all = -1;
  for (int i = 0; i < N; i++) all = all & x[i];
  int low = -1;
  for (int i = 0; i < N / 2; i++) low = low & x[i];
  int high = -1;
  for (int i = N / 2 + 1; i < N; i++) high = high & x[i];
  if (all != (low & high)) reach_error();
  return 0;
}
