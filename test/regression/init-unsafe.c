// expected: unsafe
// Initialise all but the last cell, then claim every cell is zero: the last one is nondet.
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int a[5];
  for (int i = 0; i < 4; i++) a[i] = 0;
  for (int i = 0; i < 5; i++) __VERIFIER_assert(a[i] == 0);
  return 0;
}
