// expected: unsafe
// Values read and written through *p++ (postfix walks as values): b gets a's cells one by one; checks every cell.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "post-increment-copy-unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 1000);
  int a[n];
  int b[n];
  for (int i = 0; i < n; i++) a[i] = 3 * i + 1;
  int *p = a;
  int *q = b;
  for (int i = 0; i < n; i++) *q++ = *p++ + (i == 2);
  for (int i = 0; i < n; i++) __VERIFIER_assert(b[i] == 3 * i + 1);
  return 0;
}
