// expected: unsafe
// Fresh structs with v = 1 everywhere, then every even cell set to NULL; the odd cells are checked to hold 1 and the even ones to be NULL. Bug: cell 2 is not cleared.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "cleared-cells-unsafe.c", 3, "reach_error"); }
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
    struct S *s = malloc(sizeof(struct S));
    s->v = 1;
    a[i] = s;
  }
  for (int i = 0; i < n; i++) if (i % 2 == 0 && i != 2) a[i] = 0;
  for (int i = 0; i < n; i++) {
    struct S *t = a[i];
    if (i % 2 == 1) __VERIFIER_assert(t != 0 && t->v == 1);
    else __VERIFIER_assert(t == 0);
  }
  return 0;
}
