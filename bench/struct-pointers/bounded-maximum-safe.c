// expected: safe
// Cells hold nondet values in [0, 5] or NULL; the maximum over the non-NULL cells is at most 5.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "bounded-maximum-safe.c", 3, "reach_error"); }
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
    int c = __VERIFIER_nondet_int();
    struct S *s = 0;
    if (c >= 0 && c <= 5) {
      s = malloc(sizeof(struct S));
      s->v = c;
    }
    a[i] = s;
  }
  int best = 0;
  for (int i = 0; i < n; i++) {
    struct S *t = a[i];
    if (t != 0 && t->v > best) best = t->v;
  }
  __VERIFIER_assert(best <= 5);
  return 0;
}
