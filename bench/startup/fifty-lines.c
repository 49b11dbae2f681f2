// expected: safe
// A typical small task (50 lines): arrays filled and copied in loops, a running maximum and sum,
// and assertions over the result. bench/startup.ts times the front end on it in a fresh process,
// and scripts/bundle.mjs runs it once to fill the code cache of the bundled command.

extern void __VERIFIER_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int condition) { if (!condition) { __VERIFIER_error(); } }

#define SIZE 100

int source[SIZE];
int target[SIZE];

int maximum_of(int *values, int count) {
  int best = values[0];
  for (int index = 1; index < count; index++) {
    if (values[index] > best) {
      best = values[index];
    }
  }
  return best;
}

int main(void) {
  int limit = __VERIFIER_nondet_int();
  if (limit < 0 || limit > 1000) {
    return 0;
  }
  for (int index = 0; index < SIZE; index++) {
    int value = __VERIFIER_nondet_int();
    source[index] = value > limit ? limit : value;
  }
  int sum = 0;
  for (int index = 0; index < SIZE; index++) {
    target[index] = source[index];
    if (target[index] < 0) {
      target[index] = 0;
    }
    sum = sum + (target[index] > 0 ? 1 : 0);
  }
  int best = maximum_of(target, SIZE);
  __VERIFIER_assert(best <= limit);
  __VERIFIER_assert(sum >= 0 && sum <= SIZE);
  for (int index = 0; index < SIZE; index++) {
    __VERIFIER_assert(target[index] >= 0);
    __VERIFIER_assert(target[index] <= limit);
  }
  return 0;
}
