// expected: safe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

// Two passes over the pairs of cells: the first sets the even cells to HIGH and copies each odd cell
// onto itself, the second sets the odd cells to LOW and copies each even cell onto itself. The
// constants are declared inside the `if`, so they are not live at the later loops.
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n > 0 && n < 5000) {
    int HIGH = 9;
    int LOW = 4;
    int cells[2 * n];
    for (int i = 1; i <= n; i++) {
      cells[2 * i - 2] = HIGH;
      cells[2 * i - 1] = cells[2 * i - 1];
    }
    for (int i = 1; i <= n; i++) {
      cells[2 * i - 1] = LOW;
      cells[2 * i - 2] = cells[2 * i - 2];
    }
    for (int k = 0; k < 2 * n; k++) __VERIFIER_assert(cells[k] >= LOW);
  }
  return 0;
}
