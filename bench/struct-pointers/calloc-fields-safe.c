// expected: safe
// Each cell gets calloc(1, sizeof(struct S)): both fields start at zero; a second loop checks them.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "calloc-fields-safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long size);
extern void *calloc(unsigned long count, unsigned long size);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
struct S { int a; int b; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 1000);
  struct S *cells[n];
  for (int i = 0; i < n; i++) {
    struct S *s = calloc(1, sizeof(struct S));
    
    cells[i] = s;
  }
  for (int i = 0; i < n; i++) {
    struct S *t = cells[i];
    __VERIFIER_assert(t->a == 0 && t->b == 0);
  }
  return 0;
}
