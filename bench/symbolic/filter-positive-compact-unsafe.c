// expected: unsafe
// A filter that also copies zero cells; the bug: a copied cell is 0 (fails on runs with a zero cell).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "filter-positive-compact-unsafe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int N = __VERIFIER_nondet_int();
  assume_abort_if_not(N > 0);
  assume_abort_if_not(N <= 100000);
  int a[N];
  int b[N];
  for (int i = 0; i < N; i++)
    a[i] = __VERIFIER_nondet_int();
  int k = 0;
  for (int i = 0; i < N; i++) {
    if (a[i] >= 0) {
      b[k] = a[i];
      k = k + 1;
    }
  }
  __VERIFIER_assert(k <= N);
  for (int j = 0; j < k; j++)
    __VERIFIER_assert(b[j] > 0);
  return 0;
}
