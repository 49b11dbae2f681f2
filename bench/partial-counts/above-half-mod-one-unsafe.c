// expected: unsafe
// Cells above N/2 set to i % 1 (zero), the others to i + 1: the zeros are exactly N - N/2 - 1 (twin: N - N/2).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "above-half-mod-one-unsafe.c", 6, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
#define N 30
int main(void) {
  int a[N];
  int j = 0;
  for (int i = 0; i < N; i++) {
    a[i] = i + 1;
    if (i > N / 2) a[i] = i % 1;
  }
  for (int i = 0; i < N; i++) {
    if (a[i] == 0) j++;
  }
  __VERIFIER_assert(j == N - N / 2);
  return 0;
}
