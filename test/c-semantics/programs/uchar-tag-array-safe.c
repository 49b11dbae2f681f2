// expected: safe
// an unsigned short tag incremented with ++ per cell of an unsigned int VLA of fewer than 1000 cells: no wrap, a[i] == i
// gcc inputs: 1 | 256 | 257 | 999 | 0 | 4294967295
extern void abort(void);
void reach_error(void) {}
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  assume_abort_if_not(n > 0u && n < 1000u);
  unsigned int a[n];
  unsigned short tag = 0;
  for (unsigned int i = 0; i < n; i++) {
    a[i] = tag;
    tag++;
  }
  for (unsigned int i = 0; i < n; i++) __VERIFIER_assert(a[i] == i);
  return 0;
}
