// expected: safe
// The C library headers SV-COMP tasks are preprocessed with (their .i files carry them), with a
// small program on top. scripts/freeze-dfa.mjs parses it with the repository's other programs, so
// that the parser's frozen DFA knows the headers' declarations too.
#include <assert.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern int __VERIFIER_nondet_int(void);

int main(void) {
  int size = __VERIFIER_nondet_int();
  if (size <= 0 || size > 100) return 0;
  int *values = malloc(sizeof(int) * (size_t)size);
  if (values == NULL) return 0;
  memset(values, 0, sizeof(int) * (size_t)size);
  for (int index = 0; index < size; index++) assert(values[index] == 0);
  free(values);
  return 0;
}
