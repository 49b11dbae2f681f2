// expected: unsafe
// A long long sum in a helper, then a swap and a left rotation; the sums agree (twin: a weighted sum 2r + x[i]).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "sum-swap-rotate-unsafe.c", 6, "reach_error"); }
#define N 10

long long reduce(int x[N]) {
  long long res = 0;
  for (int i = 0; i < N; i++) {
    res = 2 * res + x[i];
  }
  return res;
}

int main(void) {
  int x[N];
  int temp;
  for (int i = 0; i < N; i++) x[i] = __VERIFIER_nondet_int();
  long long r1 = reduce(x);
  temp = x[0]; x[0] = x[1]; x[1] = temp;
  long long r2 = reduce(x);
  temp = x[0];
  for (int i = 0; i < N - 1; i++) x[i] = x[i + 1];
  x[N - 1] = temp;
  long long r3 = reduce(x);
  if (r1 != r2 || r1 != r3) reach_error();
  return 0;
}
