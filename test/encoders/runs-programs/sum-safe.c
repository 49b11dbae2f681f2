// expected: safe
// Cells of 300000 nondeterministic values in [0, 3] summed: the sum never exceeds 3 N. Runs
// complete and never give SAFE.
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
  long long sum = 0;
  for (int i = 0; i < N; i++) sum += a[i];
  __VERIFIER_assert(sum <= 3LL * N);
  return 0;
}
