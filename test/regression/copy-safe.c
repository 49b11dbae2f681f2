// expected: safe
// Copy one array into another, then check every element: the classic array-copy shape.
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

#define N 8

int main(void) {
  int source[N];
  int target[N];
  for (int i = 0; i < N; i++) source[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < N; i++) target[i] = source[i];
  for (int i = 0; i < N; i++) __VERIFIER_assert(target[i] == source[i]);
  return 0;
}
