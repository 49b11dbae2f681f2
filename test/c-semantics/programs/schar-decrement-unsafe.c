// expected: unsafe
// a signed char -128 decremented with -- becomes 127 (int -129 converted modulo 256)
// failing input: -128
extern void abort(void);
void reach_error(void) {}
extern signed char __VERIFIER_nondet_schar(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  signed char t = __VERIFIER_nondet_schar();
  assume_abort_if_not(t <= -120);
  t--;
  __VERIFIER_assert(t < 0);
  return 0;
}
