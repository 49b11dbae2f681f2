// expected: safe
// A sum into an unsigned char (wrapping), then rotations both ways (twin: a running average (r + x[i]) / 2).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "byte-sum-safe.c", 6, "reach_error"); }
#define N 64

unsigned char reduce(int x[N]) {
  unsigned char res = 0;
  for (int i = 0; i < N; i++) {
    res = res + x[i];
  }
  return res;
}

int main(void) {
  int x[N];
  int temp;
  for (int i = 0; i < N; i++) x[i] = __VERIFIER_nondet_int();
  unsigned char r1 = reduce(x);
  temp = x[0];
  for (int i = 0; i < N - 1; i++) x[i] = x[i + 1];
  x[N - 1] = temp;
  unsigned char r2 = reduce(x);
  temp = x[N - 1];
  for (int i = N - 1; i > 0; i--) x[i] = x[i - 1];
  x[0] = temp;
  unsigned char r3 = reduce(x);
  if (r1 != r2 || r1 != r3) reach_error();
  return 0;
}
