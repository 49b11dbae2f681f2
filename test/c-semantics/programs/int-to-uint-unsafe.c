// expected: unsafe
// a small negative int converted to unsigned int becomes 2^32 - |x|, not a small value
// failing input: -1
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  int x = __VERIFIER_nondet_int();
  assume_abort_if_not(x >= -3 && x <= 3);
  unsigned int u = x;
  __VERIFIER_assert(u <= 3u);
  return 0;
}
