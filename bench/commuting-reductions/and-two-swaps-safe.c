// expected: safe
// An and starting from x[0], then two swaps of distant cells (twin: the second exchange overwrites a cell with 0).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "and-two-swaps-safe.c", 6, "reach_error"); }
#define N 12

int reduce(int x[N]) {
  long long res = x[0];
  for (int i = 1; i < N; i++) {
    res = res & x[i];
  }
  return res;
}

int main(void) {
  int x[N];
  int temp;
  for (int i = 0; i < N; i++) x[i] = __VERIFIER_nondet_int();
  int r1 = reduce(x);
  temp = x[0]; x[0] = x[5]; x[5] = temp;
  int r2 = reduce(x);
  temp = x[3]; x[3] = x[11]; x[11] = temp;
  int r3 = reduce(x);
  if (r1 != r2 || r1 != r3) reach_error();
  return 0;
}
