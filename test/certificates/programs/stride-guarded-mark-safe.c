// expected: safe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// Every third cell: where a is positive, b is marked 1; checked on every third cell.
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 10000);
  int a[3 * n];
  int b[3 * n];
  for (int i = 0; i < 3 * n; i++) {
    a[i] = __VERIFIER_nondet_int();
    b[i] = __VERIFIER_nondet_int();
  }
  for (int i = 0; i < 3 * n; i += 3) {
    if (a[i] > 0) b[i] = 1;
  }
  for (int i = 0; i < 3 * n; i += 3) {
    if (a[i] > 0) __VERIFIER_assert(b[i] == 1);
  }
  return 0;
}