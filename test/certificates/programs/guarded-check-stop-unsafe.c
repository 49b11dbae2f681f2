// expected: unsafe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// As guarded-check-stop-safe.c, but the check also looks at the cell at the limit, never written.
int main(void) {
  int n = __VERIFIER_nondet_int();
  int limit = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 100000 && limit >= 0);
  int b[n];
  for (int i = 0; i < n; i++) {
    if (i >= limit) break;
    b[i] = 3 * i;
  }
  for (int j = 0; j < n; j++) {
    if (j <= limit) __VERIFIER_assert(b[j] == 3 * j);
  }
  return 0;
}
