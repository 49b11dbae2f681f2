// expected: safe
// helpers converting int -> unsigned char (return) and unsigned char -> int (argument): values 0..255 round-trip
// gcc inputs: 0 | 128 | 255 | 256 | -1 | 2147483647
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

unsigned char to_byte(int v) { return v; }
int widen(unsigned char b) { return b; }

int main(void) {
  int v = __VERIFIER_nondet_int();
  assume_abort_if_not(v >= 0 && v <= 255);
  __VERIFIER_assert(widen(to_byte(v)) == v);
  return 0;
}
