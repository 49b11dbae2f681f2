// expected: unsafe
// The buggy twin: u[k] = k + 4 at the index limit - 2, so a run that writes there ends with a
// total of 4, above the bound 3.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "chosen-special-index-unsafe.c", 9, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  long long limit = (long long) __VERIFIER_nondet_int();
  if (!(limit >= 2 && limit <= 800)) return 0;
  int u[limit];
  int v[limit];
  for (long long n = 0; n < limit; n++) {
    u[n] = 0;
    v[n] = 0;
  }
  while (1) {
    long long k = (long long) __VERIFIER_nondet_int();
    if (!(k >= 0 && k < limit)) return 0;
    if (k == limit - 2)
      u[k] = k + 4;
    else
      u[k] = k;
    v[k] = -1 * k;
    if (__VERIFIER_nondet_int() == 0) break;
  }
  long long total = 0;
  for (long long n = 0; n < limit; n++) total = total + u[n] + v[n];
  __VERIFIER_assert(total >= 0 && total <= 3);
  return 0;
}
