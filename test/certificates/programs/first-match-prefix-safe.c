// expected: safe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// A search that stops at the first cell equal to the target, with a flag: once found, no cell
// before the match holds the target; before, no cell seen does.
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 10000);
  int cells[n];
  for (int i = 0; i < n; i++) cells[i] = __VERIFIER_nondet_int();
  int target = __VERIFIER_nondet_int();
  int found = 0;
  int at = 0;
  for (int i = 0; i < n && !found; i++) {
    if (cells[i] == target) {
      found = 1;
      at = i;
    }
  }
  if (found)
    for (int k = 0; k < at; k++) __VERIFIER_assert(cells[k] != target);
  return 0;
}
