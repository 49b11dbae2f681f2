// expected: safe
// Three cascaded loops with different counters (i, k, l) over the same range fuse into one:
// c[l] = b[l] + a[l] with b[k] = 2 * a[k] and a[i] = i; the property c[j] == 3 * j holds.
extern void abort(void);
void reach_error(void) { abort(); }
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
#define N 1000
int main(void) {
  int a[N];
  int b[N];
  int c[N];
  int i;
  int k;
  int l;
  for (i = 0; i < N; i++) {
    a[i] = i;
  }
  for (k = 0; k < N; k++) {
    b[k] = 2 * a[k];
  }
  for (l = 0; l < N; l++) {
    c[l] = b[l] + a[l];
  }
  int j;
  for (j = 0; j < N; j++) {
    __VERIFIER_assert(c[j] == 3 * j);
  }
  return 0;
}
