// expected: unsafe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// The step starts at 1, not 0: the total is n larger than 3 n (n + 1) / 2.
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n >= 0 && n < 1000);
  int step = 1;
  int total = 0;
  int r = 0;
  while (r < n) {
    step = step + 3;
    total = total + step;
    r = r + 1;
  }
  __VERIFIER_assert(2 * total == 3 * n * (n + 1));
  return 0;
}
