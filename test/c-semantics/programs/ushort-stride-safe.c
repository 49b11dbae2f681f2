// expected: safe
// an unsigned short VLA filled with (unsigned short)(i * 300) for n <= 219: the largest cell is 65400
// gcc inputs: 1 | 219 | 220 | 4294967295
extern void abort(void);
void reach_error(void) {}
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  assume_abort_if_not(n > 0u && n <= 219u);
  unsigned short h[n];
  for (unsigned int i = 0; i < n; i++) h[i] = (unsigned short)(i * 300u);
  for (unsigned int i = 0; i < n; i++) __VERIFIER_assert(h[i] >= i);
  return 0;
}
