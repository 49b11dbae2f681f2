// expected: safe
// A value chosen before the loop, kept only as its successor: at the loop's head no variable holds
// the value chosen, so the unrolling certifier refuses the program (it writes no existential).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "unrolled-lost-choice-safe.c", 7, "reach_error"); }

int main(void) {
  int chosen = __VERIFIER_nondet_int();
  if (!(chosen >= 0 && chosen < 100)) return 0;
  int next = chosen * 2;
  chosen = 0;
  int count = 0;
  for (int i = 0; i < 4; i++) count = count + 1;
  if (next % 2 != 0 || count != 4) reach_error();
  return 0;
}
