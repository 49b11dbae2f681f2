// expected: unsafe
// The array of struct pointers is itself allocated (struct S **a = malloc(n * sizeof(struct S *))); cells get v = -i; checks v <= 0. Bug: v = 1 at i = 2.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "allocated-array-unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long size);
extern void *calloc(unsigned long count, unsigned long size);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
struct S { int v; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 1000);
  struct S **a = malloc(n * sizeof(struct S *));
  for (int i = 0; i < n; i++) {
    struct S *s = malloc(sizeof(struct S));
    s->v = i == 2 ? 1 : -i;
    a[i] = s;
  }
  for (int i = 0; i < n; i++) {
    struct S *t = a[i];
    __VERIFIER_assert(t->v <= 0);
  }
  return 0;
}
