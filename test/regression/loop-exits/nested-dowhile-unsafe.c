// expected: unsafe
// A do-while nested in a for loop (the inner exit in the inner loop's update): c = 2 * n; fails for n = 3.
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 9) return 0;
  int c = 0;
  for (int j = 0; j < 2; j++) {
    int k = 0;
    do { k++; c++; } while (k < n);
  }
  __VERIFIER_assert(c != 6);
  return 0;
}
