// expected: safe
// b starts at a nondeterministic c in every cell; a triangular nest for i < n, j >= i adds a[j]:
// b[j] == c + (j + 1) * a[j].
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "upper-add-offset-safe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000)) return 0;
  int a[n];
  int b[n];
  for (int j = 0; j < n; j++) {
    a[j] = __VERIFIER_nondet_int();
    if (!(a[j] >= -10000 && a[j] <= 10000)) return 0;
  }
  int c = __VERIFIER_nondet_int();
  if (!(c >= -10000 && c <= 10000)) return 0;
  for (int j = 0; j < n; j++) b[j] = c;
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      b[j] += a[j];
  for (int j = 0; j < n; j++) __VERIFIER_assert(b[j] == c + (j + 1) * a[j]);
  return 0;
}
