// expected: unsafe
// Cells above N/2 set to i % 1: the running count never exceeds the iterations past N/2, checked in the loop (twin: j < i - N/2).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "count-in-loop-bound-unsafe.c", 6, "reach_error"); }
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
    __VERIFIER_assert(j < i - N / 2);
  }
  return 0;
}
