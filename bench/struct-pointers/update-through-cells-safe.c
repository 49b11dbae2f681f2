// expected: safe
// Fresh structs with v = i; a second loop adds 1 through a[i]->v; a third checks a[i]->v == i + 1.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "update-through-cells-safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long size);
extern void *calloc(unsigned long count, unsigned long size);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
struct S { int v; int unused; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 1000);
  struct S *a[n];
  for (int i = 0; i < n; i++) {
    struct S *s = malloc(sizeof(struct S));
    s->v = i;
    a[i] = s;
  }
  for (int i = 0; i < n; i++) a[i]->v = a[i]->v + 1;
  for (int i = 0; i < n; i++) __VERIFIER_assert(a[i]->v == i + 1);
  return 0;
}
