// expected: unsafe
// A struct with a tag and an int pointer: tag % 3 == 0 gets an allocated pointer, any other tag NULL; every cell with tag % 3 == 0 has a non-NULL pointer. Bug: the pointer is allocated when tag % 3 == 1 instead.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "tag-and-pointer-unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long size);
extern void *calloc(unsigned long count, unsigned long size);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
struct S { int tag; int *p; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 1000);
  struct S *a[n];
  for (int i = 0; i < n; i++) {
    struct S *s = malloc(sizeof(struct S));
    s->tag = __VERIFIER_nondet_int() & 1023;
    if (s->tag % 3 == 1) s->p = malloc(sizeof(int));
    else s->p = 0;
    a[i] = s;
  }
  for (int i = 0; i < n; i++) {
    struct S *t = a[i];
    if (t->tag % 3 == 0) __VERIFIER_assert(t->p != 0);
  }
  return 0;
}
