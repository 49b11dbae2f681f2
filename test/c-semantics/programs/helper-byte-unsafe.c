// expected: unsafe
// helpers converting int -> unsigned char (return) and unsigned char -> int (argument): 256 comes back as 0
// failing input: 256
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

unsigned char to_byte(int v) { return v; }
int widen(unsigned char b) { return b; }

int main(void) {
  int v = __VERIFIER_nondet_int();
  assume_abort_if_not(v >= 0 && v <= 300);
  __VERIFIER_assert(widen(to_byte(v)) == v);
  return 0;
}
