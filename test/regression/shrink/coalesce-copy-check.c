// expected: safe
// Coalescing (Sect. 5.2, end): after a nondeterministic fill, two cascaded loops over the same
// range (b[i] = a[i]; then a[i] = a[i] + 1) fuse into one loop; the property a[j] == b[j] + 1 holds
// (in int semantics; in bv too: both sides wrap alike).
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n > 0) {
    int a[n];
    int b[n];
    int i;
    for (i = 0; i < n; i++) {
      a[i] = __VERIFIER_nondet_int();
    }
    for (i = 0; i < n; i++) {
      b[i] = a[i];
    }
    for (i = 0; i < n; i++) {
      a[i] = a[i] + 1;
    }
    int j;
    for (j = 0; j < n; j++) {
      __VERIFIER_assert(a[j] == b[j] + 1);
    }
  }
  return 0;
}
