// Random programs of issue 27's front-end class for the soundness harnesses (test/soundness/harness.ts
// judges every verdict by C runs with N = 1 … 6, `sampledSizePrograms`): two arrays initialised by a
// loop, then one step through pointers or the memory functions (memcpy into a range at an offset,
// memset of a whole array, pointer walks used as values: `*q++ = *p++`, `*--p`, a walk that updates
// in place), then a check through memcmp, of every cell, or of a sum. The generator aims at true
// properties often; the harness's truth is the C runs, never this text.

import fc from 'fast-check';

const memoryPrelude = `extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void *memcpy(void *, const void *, unsigned long);
extern void *memset(void *, int, unsigned long);
extern int memcmp(const void *, const void *, unsigned long);
void assume_abort_if_not(int cond) { if (!cond) abort(); }
void __VERIFIER_assert(int cond) { if (!cond) reach_error(); }
`;

const initialsA = ['i', 'C', '2 * i', '__VERIFIER_nondet_int()'] as const;
const initialsB = ['0', 'i', 'C'] as const;
const steps = [
  'memcpy(b, a, N * sizeof(int));',
  'if (N > 1) memcpy(b + 1, a, (N - 1) * sizeof(int));',
  'memset(a, 0, N * sizeof(int));',
  'memset(b, 0, N * sizeof(int));',
  '{ int *p = a; int *q = b; for (int i = 0; i < N; i++) *q++ = *p++ + C; }',
  '{ int *p = a; for (int i = 0; i < N; i++) { *p = *p + C; p++; } }',
  '{ int *p = b + N; for (int i = 0; i < N; i++) *--p = a[i]; }',
  '{ int *p = a; long long t = 0; for (int i = 0; i < N; i++) t += *p++; b[0] = t > 0; }',
] as const;
const checks = [
  '__VERIFIER_assert(memcmp(a, b, N * sizeof(int)) == 0);',
  '__VERIFIER_assert(memcmp(a, b, N * sizeof(int)) != 0);',
  '__VERIFIER_assert(memcmp(a, b, N * sizeof(int)) <= 0);',
  'for (int j = 0; j < N; j++) __VERIFIER_assert(b[j] == a[j] + C);',
  'for (int j = 0; j < N; j++) __VERIFIER_assert(b[j] == a[j]);',
  'for (int j = 0; j < N; j++) __VERIFIER_assert(a[j] >= 0);',
  '{ long long s = 0; for (int j = 0; j < N; j++) s += b[j]; __VERIFIER_assert(s >= 0); }',
] as const;

/** an initialisation, one step through pointers or memory functions, one check */
export function memoryProgramText(): fc.Arbitrary<string> {
  return fc
    .record({
      initialA: fc.constantFrom(...initialsA),
      initialB: fc.constantFrom(...initialsB),
      step: fc.constantFrom(...steps),
      check: fc.constantFrom(...checks),
      constant: fc.integer({ min: 0, max: 2 }),
    })
    .map(({ initialA, initialB, step, check, constant }) => {
      const text = (template: string): string => template.replace(/\bC\b/g, String(constant));
      return `${memoryPrelude}
int main(void) {
  int N = __VERIFIER_nondet_int(); assume_abort_if_not(N > 0 && N <= 100);
  int a[N]; int b[N];
  for (int i = 0; i < N; i++) { a[i] = ${text(initialA)}; b[i] = ${text(initialB)}; }
  ${text(step)}
  ${text(check)}
  return 0;
}
`;
    });
}
