// expected: safe
// Cells at indices 2 modulo 5 are set to -7 while fewer than quota are, the others to their index
// plus 3; a recount of the negative cells finds at most quota and at most (n + 2) / 5 of them, the
// indices 2 modulo 5 below n. (capped-count-guesses.ts: marked == min(quota, N(i)), the cells with the
// cap read as N(j) < quota, the recount bounded by N(k).)
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "capped-residue-marks-safe.c", 9, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  int quota = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 900 && quota >= 0 && quota <= n)) return 0;
  int cells[n];
  int marked = 0;
  for (int i = 0; i < n; i++) {
    if (i % 5 == 2 && marked < quota) {
      cells[i] = -7;
      marked = marked + 1;
    } else {
      cells[i] = i + 3;
    }
  }
  int negative = 0;
  for (int k = 0; k < n; k++)
    if (cells[k] < 0) negative = negative + 1;
  __VERIFIER_assert(negative <= quota && negative <= (n + 2) / 5);
  return 0;
}
