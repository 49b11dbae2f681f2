// expected: unsafe
// Near miss of the class (the value reads the cell it writes): a[k] = a[k] + 1 counts the writes at k,
// so two writes at one index take the sum past size; over every index once it would stay at most size.
extern short __VERIFIER_nondet_short(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "near-cell-increment-unsafe.c", 9, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  long long size = (long long) __VERIFIER_nondet_short();
  if (!(size > 0 && size <= 1000)) return 0;
  int a[size];
  for (long long i = 0; i < size; i++) {
    a[i] = 0;
  }
  while (1) {
    long long k = (long long) __VERIFIER_nondet_int();
    if (!(k >= 0 && k < size)) return 0;
    a[k] = a[k] + 1;
    if (__VERIFIER_nondet_int() == 0) break;
  }
  long long sum = 0;
  for (long long i = 0; i < size; i++) sum = sum + (long long) a[i];
  __VERIFIER_assert(sum <= size);
  return 0;
}
