// expected: unsafe
// the unsigned int total of an unsigned int VLA of nondet values wraps below its first cell
// failing input: 2 4294967295 1
extern void abort(void);
void reach_error(void) {}
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  assume_abort_if_not(n > 0u && n < 1000u);
  unsigned int a[n];
  for (unsigned int i = 0; i < n; i++) a[i] = __VERIFIER_nondet_uint();
  unsigned int total = 0u;
  for (unsigned int i = 0; i < n; i++) total += a[i];
  __VERIFIER_assert(total >= a[0]);
  return 0;
}
