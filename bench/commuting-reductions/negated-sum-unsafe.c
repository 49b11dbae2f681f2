// expected: unsafe
// A fold r - x[i] from 0 (a negated sum), then a swap and a right rotation (twin: x[i] - r, alternating signs).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "negated-sum-unsafe.c", 6, "reach_error"); }
#define N 6

long long reduce(int x[N]) {
  long long res = 0;
  for (int i = 0; i < N; i++) {
    res = x[i] - res;
  }
  return res;
}

int main(void) {
  int x[N];
  int temp;
  for (int i = 0; i < N; i++) x[i] = __VERIFIER_nondet_int();
  long long r1 = reduce(x);
  temp = x[1]; x[1] = x[2]; x[2] = temp;
  long long r2 = reduce(x);
  temp = x[N - 1];
  for (int i = N - 1; i > 0; i--) x[i] = x[i - 1];
  x[0] = temp;
  long long r3 = reduce(x);
  if (r1 != r2 || r1 != r3) reach_error();
  return 0;
}
