// expected: safe
// A product modulo 2^32 (unsigned), then a rotation and a swap (twin: r * x[i] + 1).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "unsigned-product-safe.c", 6, "reach_error"); }
#define N 30

unsigned reduce(int x[N]) {
  unsigned res = 1;
  for (int i = 0; i < N; i++) {
    res = res * (unsigned)x[i];
  }
  return res;
}

int main(void) {
  int x[N];
  int temp;
  for (int i = 0; i < N; i++) x[i] = __VERIFIER_nondet_int();
  unsigned r1 = reduce(x);
  temp = x[0];
  for (int i = 0; i < N - 1; i++) x[i] = x[i + 1];
  x[N - 1] = temp;
  unsigned r2 = reduce(x);
  temp = x[0]; x[0] = x[3]; x[3] = temp;
  unsigned r3 = reduce(x);
  if (r1 != r2 || r1 != r3) reach_error();
  return 0;
}
