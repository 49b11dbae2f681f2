// expected: safe
// A do-while nested in a for loop with a side-effect test `while (k-- > 0)`, k = i % 4: cell i is incremented i % 4 + 1 times.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested-do-postdec-safe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int c[n];
  for (int i = 0; i < n; i++) {
    int k = i % 4;
    c[i] = 0;
    do {
      c[i]++;
    } while (k-- > 0);
  }
  for (int j = 0; j < n; j++) __VERIFIER_assert(c[j] == j % 4 + 1);
  return 0;
}
