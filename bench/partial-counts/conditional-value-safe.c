// expected: safe
// Cells set to 0 where i % 3 == 0 above N/2 (a conditional expression), else 1: the zeros are at most N/6 + 1 (twin: fewer than N/6 - 1).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "conditional-value-safe.c", 6, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
#define N 900
int main(void) {
  int a[N];
  int j = 0;
  for (int i = 0; i < N; i++) {
    a[i] = (i > N / 2 && i % 3 == 0) ? 0 : 1;
  }
  for (int i = 0; i < N; i++) {
    if (a[i] == 0) j++;
  }
  __VERIFIER_assert(j <= N / 6 + 1);
  return 0;
}
