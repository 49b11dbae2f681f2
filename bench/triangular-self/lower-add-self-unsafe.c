// expected: unsafe
// A lower triangular nest for i < N, j < i adds a[j] to the zeroed b[j]: column j gets N - j - 1
// additions, not N - j.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "lower-add-self-unsafe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

#define N 50

int main(void) {
  int a[N];
  int b[N];
  for (int j = 0; j < N; j++) {
    a[j] = __VERIFIER_nondet_int();
    if (!(a[j] >= -10000 && a[j] <= 10000)) return 0;
    b[j] = 0;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < i; j++)
      b[j] = b[j] + a[j];
  for (int j = 0; j < N; j++) __VERIFIER_assert(b[j] == (N - j) * a[j]);
  return 0;
}
