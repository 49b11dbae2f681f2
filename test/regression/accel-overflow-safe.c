// expected: safe
// The buffer loop of accel-overflow-unsafe.c with the missing bound check added: the loop stops
// when the buffer is full, so the overflow check always holds (invariant 0 <= i <= LEN).
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
    if (i >= LEN) break;
    __VERIFIER_assert(i < LEN);
    buffer[i] = ch;
    i++;
  }
  return 0;
}
