// Random programs of issue 27's second class for the soundness harnesses (test/soundness/harness.ts
// judges every verdict by C runs with N = 1 … 6, `sampledSizePrograms`): arrays initialised by a loop,
// then written at nondeterministic indices k (assumed in range) in a loop that runs until a
// nondeterministic test breaks it (or N times), with values that are functions of k, of a value
// carried across iterations or of a nondeterministic value, sometimes only under a condition on k;
// then a check of every cell or a reduction (a sum) checked against a constant. The generator only
// aims at true properties often; the harness's truth is the C runs, never this text.

import fc from 'fast-check';
import { prelude } from './symbolic-programs.js';

const initials = ['C', '-C', 'i', '0'] as const;
const firstValues = ['C', 'k', '2 * k', 'k * k', 'x', 'N - k', 'k % 3', 'v'] as const;
const secondValues = ['-(A)', '(A)', 'C', 'x', '2 * (A)', 'k + 1', '-v'] as const;
const conditions = ['1', 'k % 2 == 0', 'k != 0', 'k < N - 1'] as const;
const loops = ['break', 'counted'] as const;
/** a check of every cell j, or a sum of a term in j and the comparison it ends with */
const checks: readonly ({ readonly cells: string } | { readonly sum: string; readonly relation: string })[] = [
  { cells: 'a[j] + b[j] == 0' },
  { cells: 'a[j] == b[j]' },
  { cells: 'a[j] >= 0' },
  { cells: 'a[j] % 2 == 0' },
  { cells: 'b[j] == 2 * a[j]' },
  { sum: 'a[j] + b[j]', relation: '== 0' },
  { sum: 'a[j] - b[j]', relation: '== 0' },
  { sum: 'a[j]', relation: '<= C * N' },
  { sum: 'a[j]', relation: '>= 0' },
];

/** nondeterministic writes, then a per-cell check or a sum */
export function nondetWriteProgramText(): fc.Arbitrary<string> {
  return fc
    .record({
      initialA: fc.constantFrom(...initials),
      initialB: fc.constantFrom(...initials, '-(A)'),
      first: fc.constantFrom(...firstValues),
      second: fc.constantFrom(...secondValues, 'none'),
      condition: fc.constantFrom(...conditions),
      loop: fc.constantFrom(...loops),
      check: fc.constantFrom(...checks),
      constant: fc.integer({ min: 0, max: 3 }),
    })
    .map(({ initialA, initialB, first, second, condition, loop, check, constant }) => {
      const text = (template: string, a = ''): string =>
        template.replace(/\bC\b/g, String(constant)).replace(/\bA\b/g, a);
      const aInitial = text(initialA);
      const writeA = text(first);
      const writes = [`a[k] = ${writeA};`];
      if (second !== 'none') writes.push(`b[k] = ${text(second, writeA)};`);
      const body = [
        '    int k = __VERIFIER_nondet_int(); assume_abort_if_not(k >= 0 && k < N);',
        '    int x = __VERIFIER_nondet_int(); assume_abort_if_not(x >= -3 && x <= 3);',
        `    if (${condition}) { ${writes.join(' ')} }`,
        '    v = -v + 1;',
      ];
      const lines = [
        `  for (int i = 0; i < N; i++) { a[i] = ${aInitial}; b[i] = ${text(initialB, aInitial)}; }`,
        '  int v = 1;',
        loop === 'break'
          ? `  while (1) {\n${body.join('\n')}\n    if (__VERIFIER_nondet_int() == 0) break;\n  }`
          : `  for (int t = 0; t < N; t++) {\n${body.join('\n')}\n  }`,
      ];
      if ('cells' in check) lines.push(`  for (int j = 0; j < N; j++) __VERIFIER_assert(${check.cells});`);
      else
        lines.push(
          '  long long s = 0;',
          `  for (int j = 0; j < N; j++) s = s + ${check.sum};`,
          `  __VERIFIER_assert(s ${text(check.relation)});`,
        );
      return `${prelude}
int main(void) {
  int N = __VERIFIER_nondet_int(); assume_abort_if_not(N > 0 && N <= 100);
  int a[N]; int b[N];
${lines.join('\n')}
  return 0;
}
`;
    });
}
