// expected: safe
// An xor and an or of 8 nondeterministic ints, each folded forward and backward (the unrolling
// certifier's test: xor and or are associative and commutative, so both orders agree).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "unrolled-xor-or-safe.c", 7, "reach_error"); }

#define N 8

int main(void) {
  int x[N];
  for (int i = 0; i < N; i++) x[i] = __VERIFIER_nondet_int();
  int forward = 0;
  int any = 0;
  for (int i = 0; i < N; i++) {
    forward = forward ^ x[i];
    any = any | x[i];
  }
  int backward = 0;
  int anyBack = 0;
  for (int i = N - 1; i >= 0; i--) {
    backward = backward ^ x[i];
    anyBack = anyBack | x[i];
  }
  if (forward != backward || any != anyBack) reach_error();
  return 0;
}
