// expected: safe
// An average (a long long sum divided by N) of 50 nondeterministic ints, before and after the array is
// reversed in place by swaps: the sum, hence the integer quotient, is unchanged.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "avg-reversed-safe.c", 7, "reach_error"); }
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
    x[N - 1 - i] = t;
  }
  int after = average(x);
  if (before != after) reach_error();
  return 0;
}
