// expected: safe
// Cells above N/2 set to i % 2, the others to 0: the sum is the odd indices above N/2 (twin: off by one).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "sum-of-remainders-safe.c", 6, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
#define N 1000
int main(void) {
  int a[N];
  int j = 0;
  for (int i = 0; i < N; i++) {
    a[i] = 0;
    if (i > N / 2) a[i] = i % 2;
  }
  for (int i = 0; i < N; i++) {
    j = j + a[i];
  }
  __VERIFIER_assert(j == 250);
  return 0;
}
