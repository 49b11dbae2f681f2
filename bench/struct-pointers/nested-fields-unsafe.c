// expected: unsafe
// A struct holding a struct (pos.x, pos.y) and an id: pos.x = id and pos.y = 2 id; checks pos.y == 2 pos.x through the loaded pointer. Bug: pos.y = 2 id + 1 when id is 2.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested-fields-unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long size);
extern void *calloc(unsigned long count, unsigned long size);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
struct P { int x; int y; };
struct S { struct P pos; int id; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n <= 1000);
  struct S *a[n];
  for (int i = 0; i < n; i++) {
    struct S *s = malloc(sizeof(struct S));
    s->id = i;
    s->pos.x = s->id;
    s->pos.y = 2 * s->id + (s->id == 2);
    a[i] = s;
  }
  for (int i = 0; i < n; i++) {
    struct S *t = a[i];
    __VERIFIER_assert(t->pos.y == 2 * t->pos.x);
  }
  return 0;
}
