// expected: unsafe
// Cells in [N/4, N/2) set to i % 5: the zeros are the multiples of 5 there (twin: one more).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "middle-range-mod-five-unsafe.c", 6, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
#define N 40
int main(void) {
  int a[N];
  int j = 0;
  for (int i = 0; i < N; i++) {
    a[i] = 1;
    if (i >= N / 4 && i < N / 2) a[i] = i % 5;
  }
  for (int i = 0; i < N; i++) {
    if (a[i] == 0) j++;
  }
  __VERIFIER_assert(j == 3);
  return 0;
}
