// expected: safe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// A grid of h rows of w cells kept row after row in one flat array: every cell, zero at first,
// gets 7, and the count of sevens is h * w.
int main(void) {
  int h = __VERIFIER_nondet_int();
  int w = __VERIFIER_nondet_int();
  assume_abort_if_not(h > 0 && h < 100);
  assume_abort_if_not(w > 0 && w < 100);
  int cells[h * w];
  for (int k = 0; k < h * w; k++) cells[k] = 0;
  for (int r = 0; r < h; r++)
    for (int c = 0; c < w; c++) cells[w * r + c] = 7;
  int sevens = 0;
  for (int k = 0; k < h * w; k++)
    if (cells[k] == 7) sevens = sevens + 1;
  __VERIFIER_assert(sevens == h * w);
  return 0;
}
