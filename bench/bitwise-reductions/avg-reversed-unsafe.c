// expected: unsafe
// An average of 50 nondeterministic ints before and after a "reversal" that copies x[N - 1 - i] over
// x[i] and then x[i] back (no temporary): the first half is lost, and the average changes.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "avg-reversed-unsafe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

#define N 50

int average(int x[N]) {
  long long sum = 0;
  for (int i = 0; i < N; i++) sum = sum + x[i];
  return (int) (sum / N);
}

int main(void) {
  int x[N];
  for (int i = 0; i < N; i++) x[i] = __VERIFIER_nondet_int();
  int before = average(x);
  for (int i = 0; i < N / 2; i++) {
    int t = x[i];
    x[i] = x[N - 1 - i];
    x[N - 1 - i] = x[i];
  }
  int after = average(x);
  if (before != after) reach_error();
  return 0;
}
