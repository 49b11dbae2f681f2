// expected: safe
// A long long sum of 64 nondeterministic ints forward and backward, their quotients by 64 compared
// (the unrolling certifier's test in `c`: the sums over the integers, with their wrap checks).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "unrolled-sum-orders-safe.c", 7, "reach_error"); }

#define N 64

int main(void) {
  int x[N];
  for (int i = 0; i < N; i++) x[i] = __VERIFIER_nondet_int();
  long long forward = 0;
  for (int i = 0; i < N; i++) forward = forward + x[i];
  long long backward = 0;
  for (int i = N - 1; i >= 0; i--) backward = backward + x[i];
  if (forward / N != backward / N) reach_error();
  return 0;
}
