// expected: unsafe
// A 1-D array of 200000 nondeterministic cells reversed into a second array; the check that the
// copy equals the original fails at the first cell unless a[0] == a[N-1]: reached after 400000
// iterations, far past any unrolling.
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
#define N 200000
int a[N], b[N];
int main(void) {
  for (int i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < N; i++) b[i] = a[N - 1 - i];
  for (int i = 0; i < N; i++) __VERIFIER_assert(b[i] == a[i]);
  return 0;
}
