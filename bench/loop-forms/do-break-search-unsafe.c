// expected: unsafe
// A do-while search for a nondet key leaves by `break` at its first occurrence or ends at n; a cell where it stopped holds the key, no cell before does. Bug: the check loop includes the cell where the search stopped (fails when the key occurs).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "do-break-search-unsafe.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int key = __VERIFIER_nondet_int();
  int a[n];
  for (int j = 0; j < n; j++) a[j] = __VERIFIER_nondet_int();
  int i = 0;
  do {
    if (a[i] == key) break;
    i++;
  } while (i < n);
  __VERIFIER_assert(i <= n);
  if (i < n) __VERIFIER_assert(a[i] == key);
  for (int j = 0; j <= i && j < n; j++) __VERIFIER_assert(a[j] != key);
  return 0;
}
