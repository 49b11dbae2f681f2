// expected: unsafe
// A loop tested at its end written with a backward goto inside a for body (`add: b[i] += a[i]; k++; if (k < 3) goto add;`) triples cells in [-100, 100]; b[j] == 3 a[j]. Bug: the goto test is `k <= 3`, so the cells are added four times (fails when a cell is not 0).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "goto-repeat-add-unsafe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int a[n];
  int b[n];
  for (int j = 0; j < n; j++) {
    a[j] = __VERIFIER_nondet_int();
    if (a[j] < -100 || a[j] > 100) return 0;
  }
  for (int i = 0; i < n; i++) {
    int k = 0;
    b[i] = 0;
  add:
    b[i] += a[i];
    k++;
    if (k <= 3) goto add;
  }
  for (int j = 0; j < n; j++) __VERIFIER_assert(b[j] == 3 * a[j]);
  return 0;
}
