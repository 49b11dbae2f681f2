// expected: safe
// An array of a nondeterministic size (any positive int) filled with its indices, then checked.
// A size from the whole range of int makes loops that no run finishes: the runs from that range are
// held to a few times the steps of the bounded domains' runs, so the runs end in well under their
// old 45 % of the time left.
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if (!cond) abort(); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0);
  int a[n];
  for (int i = 0; i < n; i++) a[i] = i;
  for (int i = 0; i < n; i++) __VERIFIER_assert(a[i] == i);
  return 0;
}
