// expected: unsafe
// A cell is NULL or a fresh struct with v = 1 (chosen by a nondet value); non-NULL cells are checked to hold 1. Bug: v = 0 when the cell index is 2 and the choice made it non-NULL.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nullable-cells-unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long size);
extern void *calloc(unsigned long count, unsigned long size);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
struct S { int v; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 1000);
  struct S *a[n];
  for (int i = 0; i < n; i++) {
    struct S *s = 0;
    if (__VERIFIER_nondet_int() != 0) {
      s = malloc(sizeof(struct S));
      s->v = i != 2;
    }
    a[i] = s;
  }
  for (int i = 0; i < n; i++) {
    struct S *t = a[i];
    if (t != 0) __VERIFIER_assert(t->v == 1);
  }
  return 0;
}
