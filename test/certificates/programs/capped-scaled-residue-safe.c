// expected: safe
// Cells hold three times their index; a running count of the cells that are 0 modulo 9 (the indices
// that are 0 modulo 3), capped at cap, is checked in the loop: at most i / 3 + 1 and at most cap.
// (periodic-guesses.ts: (3 * i) % 9 == 0 has period 3 in i; capped-count-guesses.ts: c == min(cap, N(i)).)
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "capped-scaled-residue-safe.c", 8, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  int cap = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 900 && cap >= 0 && cap <= n)) return 0;
  int b[n];
  for (int i = 0; i < n; i++) b[i] = 3 * i;
  int c = 0;
  for (int i = 0; i < n; i++) {
    if (b[i] % 9 == 0 && c < cap) c = c + 1;
    __VERIFIER_assert(c <= i / 3 + 1 && c <= cap);
  }
  return 0;
}
