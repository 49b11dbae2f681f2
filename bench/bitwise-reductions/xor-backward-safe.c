// expected: safe
// An xor of 40 nondeterministic ints folded forward in one helper and backward in another: xor is
// associative and commutative, so both folds agree.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "xor-backward-safe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

#define N 40

int xor_forward(int x[N]) {
  int r = 0;
  for (int i = 0; i < N; i++) r = r ^ x[i];
  return r;
}

int xor_backward(int x[N]) {
  int r = 0;
  for (int i = N - 1; i >= 0; i--) r = r ^ x[i];
  return r;
}

int main(void) {
  int x[N];
  for (int i = 0; i < N; i++) x[i] = __VERIFIER_nondet_int();
  if (xor_forward(x) != xor_backward(x)) reach_error();
  return 0;
}
