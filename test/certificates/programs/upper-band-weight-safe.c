// expected: safe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// Cells on and above the diagonal of an n by n square weigh 2 each: n (n + 1) in all.
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 1000);
  int weight = 0;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      if (c >= r) weight = weight + 2;
  __VERIFIER_assert(weight == n * (n + 1));
  return 0;
}
