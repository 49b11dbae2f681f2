// expected: safe
// A maximum by `if (x[i] > res) res = x[i]`, then a swap and a left rotation (twin: the maximum forgets the last cell).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "max-swap-safe.c", 6, "reach_error"); }
#define N 40

int reduce(int x[N]) {
  int res = x[0];
  for (int i = 1; i < N; i++) {
    if (x[i] > res) res = x[i];
  }
  return res;
}

int main(void) {
  int x[N];
  int temp;
  for (int i = 0; i < N; i++) x[i] = __VERIFIER_nondet_int();
  int r1 = reduce(x);
  temp = x[0]; x[0] = x[1]; x[1] = temp;
  int r2 = reduce(x);
  temp = x[0];
  for (int i = 0; i < N - 1; i++) x[i] = x[i + 1];
  x[N - 1] = temp;
  int r3 = reduce(x);
  if (r1 != r2 || r1 != r3) reach_error();
  return 0;
}
