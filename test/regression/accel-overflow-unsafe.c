// expected: unsafe
// Paper 003, Sect. 2.2: fill a buffer with nondet characters until a 0 character; the overflow
// check fails only after LEN nonzero characters, deeper than bounded unwinding usually goes.
// accel finds it with one accelerated stretch.
extern void abort(void);
void reach_error(void) {}
extern char __VERIFIER_nondet_char(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

#define LEN 100

int main(void) {
  char buffer[LEN];
  int i = 0;
  while (1) {
    char ch = __VERIFIER_nondet_char();
    if (ch == 0) break;
    __VERIFIER_assert(i < LEN);
    buffer[i] = ch;
    i++;
  }
  return 0;
}
