// expected: unsafe
// An xor from 0, then a right rotation and a swap (twin: xor of x[i] + i).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "xor-rotate-right-unsafe.c", 6, "reach_error"); }
#define N 8

int reduce(int x[N]) {
  int res = 0;
  for (int i = 0; i < N; i++) {
    res = res ^ (x[i] + i);
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
  temp = x[2]; x[2] = x[7]; x[7] = temp;
  int r3 = reduce(x);
  if (r1 != r2 || r1 != r3) reach_error();
  return 0;
}
