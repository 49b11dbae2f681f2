// expected: unsafe
// A minimum from 2147483647 by a conditional expression, then right rotations (twin: the minimum starts at cell 1 while the rotation moves cell 0).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "min-rotate-right-unsafe.c", 6, "reach_error"); }
#define N 6

int reduce(int x[N]) {
  int res = 2147483647;
  for (int i = 1; i < N; i++) {
    res = x[i] < res ? x[i] : res;
  }
  return res;
}

int main(void) {
  int x[N];
  int temp;
  for (int i = 0; i < N; i++) x[i] = __VERIFIER_nondet_int();
  int r1 = reduce(x);
  temp = x[N - 1];
  for (int i = N - 1; i > 0; i--) x[i] = x[i - 1];
  x[0] = temp;
  int r2 = reduce(x);
  temp = x[N - 1];
  for (int i = N - 1; i > 0; i--) x[i] = x[i - 1];
  x[0] = temp;
  int r3 = reduce(x);
  if (r1 != r2 || r1 != r3) reach_error();
  return 0;
}
