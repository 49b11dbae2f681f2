// expected: safe
// A search loop leaves by `goto found` to the statement after it; where it stopped inside the array, the cell holds the key.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "cfa-search-safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int a[1000];
  int key = __VERIFIER_nondet_int() % 4;
  int i;
  if (key < 0) key = key + 4;
  if (!(n > 1 && n <= 1000)) goto label_end;
  i = 0;
  label_fill:
  if (!(i < n)) goto label_search;
  a[i] = i % 4;
  i = i + 1;
  goto label_fill;
  label_search:
  i = 0;
  while (i < n) {
    if (a[i] == key) goto found;
    i = i + 1;
  }
  found: ;
  if (i < n) __VERIFIER_assert(a[i] == key);
  label_end:
  return 0;
}
