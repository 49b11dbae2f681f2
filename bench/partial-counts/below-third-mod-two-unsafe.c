// expected: unsafe
// Cells below N/3 set to i % 2: the zeros are the even indices below N/3 (twin: one fewer).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "below-third-mod-two-unsafe.c", 6, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
#define N 30
int main(void) {
  int a[N];
  int j = 0;
  for (int i = 0; i < N; i++) {
    if (i < N / 3) a[i] = i % 2;
    else a[i] = 7;
  }
  for (int i = 0; i < N; i++) {
    if (a[i] == 0) j++;
  }
  __VERIFIER_assert(j == (N / 3 + 1) / 2 - 1);
  return 0;
}
