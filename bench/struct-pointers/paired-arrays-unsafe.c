// expected: unsafe
// Two arrays of struct pointers filled in one loop: x[i]->v = c and y[i]->v = -c for a nondet c; checks x[i]->v + y[i]->v == 0. Bug: y[i]->v = 1 - c at i = 2.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "paired-arrays-unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long size);
extern void *calloc(unsigned long count, unsigned long size);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
struct S { int v; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 1000);
  struct S *x[n];
  struct S *y[n];
  for (int i = 0; i < n; i++) {
    int c = __VERIFIER_nondet_int();
    assume_abort_if_not(-1000 <= c && c <= 1000);
    struct S *p = malloc(sizeof(struct S));
    struct S *q = malloc(sizeof(struct S));
    p->v = c;
    q->v = (i == 2) - c;
    x[i] = p;
    y[i] = q;
  }
  for (int i = 0; i < n; i++) {
    struct S *p = x[i];
    struct S *q = y[i];
    __VERIFIER_assert(p->v + q->v == 0);
  }
  return 0;
}
