// expected: safe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// Round i writes the pair a[2i - 2] = 7, a[2i - 1] = -7; every cell is then 7 or -7.
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 10000);
  int a[2 * n];
  for (int i = 1; i <= n; i++) {
    a[2 * i - 2] = 7;
    a[2 * i - 1] = -7;
  }
  for (int k = 0; k < 2 * n; k++) __VERIFIER_assert(a[k] == 7 || a[k] == -7);
  return 0;
}