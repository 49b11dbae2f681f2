// expected: unsafe
// After paper 001, Example 1 (the battery controller of SV-COMP): COUNT and MIN are nondet, COUNT a
// multiple of 4; iteration i writes the four cells 4i-4 … 4i-1 with 5, 7, 3, 1 where that is at
// least MIN, else 0. Buggy twin of battery-controller-safe.c: the third cell gets 2 where 3 >= MIN, so
// cell 2 (checked at i = 2) fails for MIN = 3 (a value below MIN that is not 0).
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if (!cond) abort(); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int COUNT = __VERIFIER_nondet_int();
  int MIN = __VERIFIER_nondet_int();
  assume_abort_if_not(COUNT > 0 && COUNT <= 1000000);
  int volArray[COUNT];
  if (COUNT % 4 != 0) return 0;
  int i = 1;
  while (i <= COUNT / 4) {
    if (5 >= MIN) volArray[i * 4 - 4] = 5; else volArray[i * 4 - 4] = 0;
    if (7 >= MIN) volArray[i * 4 - 3] = 7; else volArray[i * 4 - 3] = 0;
    if (3 >= MIN) volArray[i * 4 - 2] = 2; else volArray[i * 4 - 2] = 0;
    if (1 >= MIN) volArray[i * 4 - 1] = 1; else volArray[i * 4 - 1] = 0;
    __VERIFIER_assert(volArray[i] >= MIN || volArray[i] == 0);
    i = i + 1;
  }
  return 0;
}
