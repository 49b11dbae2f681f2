// expected: unsafe
// Three cascaded loops: two over i, then one over k (same range). The k and second i loops fuse
// first (stepping both counters), then the first i loop joins: the fused loop must keep stepping k.
// c[j] == 2 * j fails everywhere. Must never be SAFE.
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
  for (i = 0; i < N; i++) {
    a[i] = i;
  }
  for (i = 0; i < N; i++) {
    b[i] = a[i] + i;
  }
  for (k = 0; k < N; k++) {
    c[k] = b[k] + 1;
  }
  int j;
  for (j = 0; j < N; j++) {
    __VERIFIER_assert(c[j] == 2 * j);
  }
  return 0;
}
