// expected: unsafe
// A counter of the cells above a threshold, over 300000 nondeterministic cells in [0, 3]; the
// assertion that fewer than 1000 cells exceed 1 fails once the whole array was counted.
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if (!cond) abort(); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
#define N 300000
int a[N];
int main(void) {
  for (int i = 0; i < N; i++) {
    a[i] = __VERIFIER_nondet_int();
    assume_abort_if_not(0 <= a[i] && a[i] <= 3);
  }
  int count = 0;
  for (int i = 0; i < N; i++)
    if (a[i] > 1) count++;
  __VERIFIER_assert(count < 1000);
  return 0;
}
