// expected: unsafe
// Values read into an array are kept in a second one when a search of the cells kept so far does
// not find them (a loop that leaves by break, with a flag set before it): the search skips the last kept cell, so a value equal to it is kept twice.
// (search-guesses.ts: the cells the search visited differ from the value; the flag set before the
// search holds at its head, its only other assignment leaving the loop.)
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "search-insert-distinct-unsafe.c", 10, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int size = __VERIFIER_nondet_int();
  __VERIFIER_assume(size >= 1 && size <= 1000);
  int values[size];
  int out[size];
  for (int i = 0; i < size; i++) values[i] = __VERIFIER_nondet_int();
  int kept = 0;
  for (int i = 0; i < size; i++) {
    int seen = 0;
    for (int j = 0; j < kept - 1; j++) {
      if (out[j] == values[i]) {
        seen = 1;
        break;
      }
    }
    if (!seen) {
      out[kept] = values[i];
      kept = kept + 1;
    }
  }
  for (int x = 0; x < kept; x++)
    for (int y = x + 1; y < kept; y++) __VERIFIER_assert(out[x] != out[y]);
  return 0;
}
