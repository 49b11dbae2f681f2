// expected: safe
// An average of 40 nondeterministic ints from one sum, against the average from the sum of the even
// cells plus the sum of the odd cells (two strided loops): the same sum, the same quotient.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "avg-even-odd-safe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

#define N 40

long long sum_from(int x[N], int start, int step) {
  long long s = 0;
  for (int i = start; i < N; i = i + step) s = s + x[i];
  return s;
}

int main(void) {
  int x[N];
  for (int i = 0; i < N; i++) x[i] = __VERIFIER_nondet_int();
  int avg1 = (int) (sum_from(x, 0, 1) / N);
  int avg2 = (int) ((sum_from(x, 0, 2) + sum_from(x, 1, 2)) / N);
  if (avg1 != avg2) reach_error();
  return 0;
}
