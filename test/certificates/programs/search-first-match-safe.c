// expected: safe
// A search for the first cell holding a key (a loop that leaves by break, recording where), then a
// check of the cells before it: no cell before the first match holds the key.
// (search-guesses.ts: the cells the search visited do not hold the key; the position's value on
// entry holds at the search's head, its only other assignment leaving the loop.)
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "search-first-match-safe.c", 10, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int size = __VERIFIER_nondet_int();
  __VERIFIER_assume(size >= 1 && size <= 100000);
  int cells[size];
  for (int i = 0; i < size; i++) cells[i] = __VERIFIER_nondet_int();
  int key = __VERIFIER_nondet_int();
  int first = size;
  for (int i = 0; i < size; i++) {
    if (cells[i] == key) {
      first = i;
      break;
    }
  }
  for (int k = 0; k < first; k++) __VERIFIER_assert(cells[k] != key);
  return 0;
}
