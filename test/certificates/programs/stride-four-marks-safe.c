// expected: safe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// Every fourth cell of a[4n] is marked by a stride-4 loop (1, 0, 0, 0), then counted: the count is n.
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 10000);
  int a[4 * n];
  for (int i = 0; i < 4 * n; i += 4) {
    a[i] = 1;
    a[i + 1] = 0;
    a[i + 2] = 0;
    a[i + 3] = 0;
  }
  int count = 0;
  for (int i = 0; i < 4 * n; i++) count = count + a[i];
  __VERIFIER_assert(count == n);
  return 0;
}