// expected: unsafe
// A loop stepping by 3 writes three cells a pass (the last two guarded by i + 1 < n and i + 2 < n); every cell holds j % 3. Bug: the step is 2, so the next pass overwrites a[i + 2] with 0 (fails for n >= 3).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "step-three-unsafe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int a[n];
  for (int i = 0; i < n; i += 2) {
    a[i] = 0;
    if (i + 1 < n) a[i + 1] = 1;
    if (i + 2 < n) a[i + 2] = 2;
  }
  for (int j = 0; j < n; j++) __VERIFIER_assert(a[j] == j % 3);
  return 0;
}
