// expected: unsafe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

// As two-pass-parity-safe.c, but the second pass starts at i = 2, so cell 1 keeps its unknown value. The first sets the even cells to HIGH and copies each odd cell
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
    for (int i = 2; i <= n; i++) {
      cells[2 * i - 1] = LOW;
      cells[2 * i - 2] = cells[2 * i - 2];
    }
    for (int k = 0; k < 2 * n; k++) __VERIFIER_assert(cells[k] >= LOW);
  }
  return 0;
}
