// expected: unsafe
// A do-while with a continue that skips the sum on even i; the continue still runs the exit test.
// s is the sum of the odd numbers below n; fails for n = 4 or 5 (s = 1 + 3 = 4).
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 8) return 0;
  int i = 0, s = 0;
  do {
    if (i % 2 == 0) { i++; continue; }
    s += i;
    i++;
  } while (i < n);
  __VERIFIER_assert(s != 4);
  return 0;
}
