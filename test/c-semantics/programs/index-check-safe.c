// expected: safe
// a signed index checked with idx < n (n unsigned): idx converts to unsigned, so a negative index fails the check
// gcc inputs: 1 -4 | 3 -1 | 3 4 | 5 4 | 999 0 | 999 -2147483648 | 999 2147483647
extern void abort(void);
void reach_error(void) {}
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  assume_abort_if_not(n > 0u && n < 1000u);
  int a[n];
  for (unsigned int i = 0; i < n; i++) a[i] = 0;
  int idx = __VERIFIER_nondet_int();
  assume_abort_if_not(idx > -5 && idx < 5);
  if (idx < n) {
    __VERIFIER_assert(idx >= 0);
    a[idx] = 1;
  }
  return 0;
}
