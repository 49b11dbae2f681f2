// expected: safe
// A sum of x[i] + 2i (the index part is the same whatever the order), then a swap and a rotation (twin: x[i] times i + 1).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "index-map-sum-safe.c", 6, "reach_error"); }
#define N 100

long long reduce(int x[N]) {
  long long res = 0;
  for (int i = 0; i < N; i++) {
    res = res + x[i] + 2 * i;
  }
  return res;
}

int main(void) {
  int x[N];
  int temp;
  for (int i = 0; i < N; i++) x[i] = __VERIFIER_nondet_int();
  long long r1 = reduce(x);
  temp = x[4]; x[4] = x[2]; x[2] = temp;
  long long r2 = reduce(x);
  temp = x[0];
  for (int i = 0; i < N - 1; i++) x[i] = x[i + 1];
  x[N - 1] = temp;
  long long r3 = reduce(x);
  if (r1 != r2 || r1 != r3) reach_error();
  return 0;
}
