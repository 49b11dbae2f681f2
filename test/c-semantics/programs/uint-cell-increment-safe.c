// expected: safe
// an unsigned int array cell near UINT_MAX incremented with ++, kept below UINT_MAX: it never wraps to 0
// gcc inputs: 0 | 4294967290 | 4294967294 | 4294967295
extern void abort(void);
void reach_error(void) {}
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned int cells[3];
  unsigned int v = __VERIFIER_nondet_uint();
  assume_abort_if_not(v >= 4294967290u && v < 4294967295u);
  cells[0] = 0u;
  cells[1] = v;
  cells[2] = 0u;
  cells[1]++;
  if (cells[1] == 0u) reach_error();
  return 0;
}
