// expected: safe
// Cells get v = 5; then one chosen cell k gets a new struct with v = 7; every other cell is checked to hold 5, cell k 7.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "replaced-cell-safe.c", 3, "reach_error"); }
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
    s->v = 5;
    a[i] = s;
  }
  int k = __VERIFIER_nondet_int() % n;
  if (k < 0) k = -k;
  a[k] = malloc(sizeof(struct S));
  a[k]->v = 7;
  for (int i = 0; i < n; i++) {
    struct S *t = a[i];
    if (i != k) __VERIFIER_assert(t->v == 5);
    else __VERIFIER_assert(t->v == 7);
  }
  return 0;
}
