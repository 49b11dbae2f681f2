// expected: safe
// After paper 001, Sect. 3.3 (matrix addition): P and Q nondet, C[i][j] = A[i][j] + B[i][j] in two
// nested loops with an assert inside, and a second pair of nested loops that checks every cell
// afterwards. viap: the inner loop's counter and cells depend on the outer counter (N_1(n_2)); the
// outer loop writes disjoint rows.
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if (!cond) abort(); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int P = __VERIFIER_nondet_int();
  int Q = __VERIFIER_nondet_int();
  assume_abort_if_not(P > 0 && P <= 1000 && Q > 0 && Q <= 1000);
  int A[P][Q];
  int B[P][Q];
  int C[P][Q];
  int i = 0;
  int j = 0;
  while (i < P) {
    j = 0;
    while (j < Q) {
      C[i][j] = A[i][j] + B[i][j];
      __VERIFIER_assert(C[i][j] == A[i][j] + B[i][j]);
      j = j + 1;
    }
    i = i + 1;
  }
  for (int k = 0; k < P; k++)
    for (int l = 0; l < Q; l++)
      __VERIFIER_assert(C[k][l] == A[k][l] + B[k][l]);
  return 0;
}
