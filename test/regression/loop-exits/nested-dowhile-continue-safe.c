// expected: safe
// A do-while with a continue nested in a for loop: the inner loop counts the odd k below n + 1 (ceil(n / 2)
// of them) in each of two rounds, so c is even and at most 2 * 5.
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
    do {
      k++;
      if (k % 2 == 0) continue;
      c++;
    } while (k < n);
  }
  __VERIFIER_assert(c % 2 == 0);
  __VERIFIER_assert(c <= 10);
  return 0;
}
