// expected: unsafe
// Cells above N/2 set to i % 2: the non-zero cells are N/2 + 1 plus the odd indices above N/2 (twin: without the first half).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "nonzero-count-unsafe.c", 6, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
#define N 40
int main(void) {
  int a[N];
  int j = 0;
  for (int i = 0; i < N; i++) {
    a[i] = i + 1;
    if (i > N / 2) a[i] = i % 2;
  }
  for (int i = 0; i < N; i++) {
    if (a[i] != 0) j++;
  }
  __VERIFIER_assert(j == 11);
  return 0;
}
