// expected: unsafe
// An unsigned char counter kept beside an int one for n <= 700 rounds: the two agree until the
// counter wraps to 0 after 255, so the check fails only once n > 255 (a size runs reach at the
// edges of the narrow integer types, not among their small values).
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 700)) return 0;
  unsigned char counter = 0;
  int rounds = 0;
  for (int i = 0; i < n; i++) {
    counter++;
    rounds++;
    __VERIFIER_assert(counter == rounds);
  }
  return 0;
}
