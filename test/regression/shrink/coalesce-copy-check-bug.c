// expected: unsafe
// Coalescing with a bug: the second loop skips the increment from cell 4 on, so a[j] == b[j] + 1
// fails for n > 4. Must never be SAFE.
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
      if (i < 4) a[i] = a[i] + 1;
    }
    int j;
    for (j = 0; j < n; j++) {
      __VERIFIER_assert(a[j] == b[j] + 1);
    }
  }
  return 0;
}
