// expected: unsafe
// Not fusable: the third loop reads a[i + 1], a cell the second loop writes in a later iteration
// (a dependence across the fusion), so the loops stay separate. a[N] stays 0, so b[N - 1] == 1
// fails. Must never be SAFE.
extern void abort(void);
void reach_error(void) { abort(); }
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
#define N 100
int main(void) {
  int a[N + 1];
  int b[N];
  int i;
  for (i = 0; i <= N; i++) {
    a[i] = 0;
  }
  for (i = 0; i < N; i++) {
    a[i] = 1;
  }
  for (i = 0; i < N; i++) {
    b[i] = a[i + 1];
  }
  int j;
  for (j = 0; j < N; j++) {
    __VERIFIER_assert(b[j] == 1);
  }
  return 0;
}
