// Random programs of issue 26's two shapes, for the soundness harnesses (test/soundness/harness.ts
// judges every verdict by C runs with N = 1 … 6, `sampledSizePrograms`):
// - cells defined from the previous cell: a polynomial P(k) of degree 1 to 3 is drawn, the loop
//   writes the first cell (peeled by `i == 0`, `i != 0`, `i <= 0` or before the loop) and
//   a[i] = a[i-1] + (P(i) − P(i−1)) after it, optionally a second array chained from the first
//   (b[i] = b[i-1] + a[i-1]); the check is the closed form, or a wrong one (a coefficient off by one),
//   or an inequality;
// - triangular nests: an outer loop over i, an inner loop over j <= i, j < i + 1 or j from i to N − 1,
//   adding, setting, maximising or minimising a term in i into a[j]; the check is the per-cell value
//   (a sum over the outer iterations that reach the cell, written without division), or a wrong one.
// The generator only aims at true properties often; the harness's truth is the C runs, never this text.

import fc from 'fast-check';
import { prelude } from './symbolic-programs.js';

/** a polynomial c0 + c1·k + c2·k² + c3·k³ as C text in the variable `name` */
function polynomialText(coefficients: readonly number[], name: string): string {
  const terms = coefficients
    .map((coefficient, power) => {
      if (coefficient === 0) return undefined;
      const factors = Array.from({ length: power }, () => name);
      return [String(coefficient), ...factors].join(' * ');
    })
    .filter((term): term is string => term !== undefined);
  return terms.length === 0 ? '0' : `(${terms.join(' + ')})`;
}

/** P(i) − P(i − 1) as C text (the step of the recurrence whose cells are P) */
function differenceText(coefficients: readonly number[]): string {
  const [, c1 = 0, c2 = 0, c3 = 0] = coefficients;
  // k² − (k−1)² = 2k − 1; k³ − (k−1)³ = 3k² − 3k + 1
  const parts = [String(c1)];
  if (c2 !== 0) parts.push(`${c2} * (2 * i - 1)`);
  if (c3 !== 0) parts.push(`${c3} * (3 * i * i - 3 * i + 1)`);
  return parts.join(' + ');
}

const peels = ['equal', 'notEqual', 'atMostZero', 'before'] as const;

function recurrenceLoop(array: string, first: string, step: string, peel: (typeof peels)[number]): string {
  switch (peel) {
    case 'equal':
      return `  for (int i = 0; i < N; i++) { if (i == 0) ${array}[0] = ${first}; else ${array}[i] = ${array}[i - 1] + ${step}; }`;
    case 'notEqual':
      return `  for (int i = 0; i < N; i++) { if (i != 0) ${array}[i] = ${array}[i - 1] + ${step}; else ${array}[0] = ${first}; }`;
    case 'atMostZero':
      return `  for (int i = 0; i < N; i++) { if (i <= 0) ${array}[0] = ${first}; else ${array}[i] = ${array}[i - 1] + ${step}; }`;
    case 'before':
      return `  ${array}[0] = ${first};\n  for (int i = 1; i < N; i++) ${array}[i] = ${array}[i - 1] + ${step};`;
    default: {
      const never: never = peel;
      throw new Error(`unknown peel ${String(never)}`);
    }
  }
}

/** cells defined from the previous cell, with a closed form (or a wrong one) checked per cell */
export function recurrenceProgramText(): fc.Arbitrary<string> {
  const coefficient = fc.integer({ min: -2, max: 3 });
  return fc
    .record({
      coefficients: fc.tuple(coefficient, coefficient, coefficient, fc.constantFrom(0, 0, 1)),
      peel: fc.constantFrom(...peels),
      chained: fc.boolean(),
      start: fc.integer({ min: -1, max: 2 }),
      check: fc.constantFrom('exact', 'exact', 'offByOne', 'slopeOff', 'atLeast', 'atMost'),
    })
    .map(({ coefficients, peel, chained, start, check }) => {
      const lines = [recurrenceLoop('a', String(coefficients[0]), differenceText(coefficients), peel)];
      let left: string;
      let right: string;
      if (chained) {
        // b[k] = start + Σ_{t<k} (c0 + c1·t) = start + c0·k + c1·k(k−1)/2, compared doubled
        const [c0, c1] = coefficients;
        lines.push(recurrenceLoop('b', String(start), 'a[i - 1]', peel === 'before' ? 'before' : 'equal'));
        lines[0] = recurrenceLoop('a', String(c0), String(c1), peel);
        left = '2 * b[k]';
        right = `(${2 * start} + ${2 * c0!} * k + ${c1!} * k * (k - 1))`;
      } else {
        left = 'a[k]';
        right = polynomialText(coefficients, 'k');
      }
      const condition = {
        exact: `${left} == ${right}`,
        offByOne: `${left} == ${right} + 1`,
        slopeOff: `${left} == ${right} + k`,
        atLeast: `${left} >= ${right}`,
        atMost: `${left} <= ${right} - 1`,
      }[check];
      return programText(lines, condition);
    });
}

const ranges = ['j = 0; j <= i', 'j = 0; j < i + 1', 'j = i; j < N'] as const;
const terms = ['C', 'i', '2 * i + C', 'i * i', 'N - i'] as const;
const operations = ['add', 'set', 'max', 'min'] as const;

/** the per-cell value of a[k] after the nest (initial value `initial`), as C text without division, or a check that is true */
function triangleCheck(
  range: (typeof ranges)[number],
  term: (typeof terms)[number],
  operation: (typeof operations)[number],
  initial: number,
  constant: number,
): string {
  const below = range !== 'j = i; j < N'; // the cell is reached by the outer iterations i >= k; else i <= k
  const at = (iteration: string): string => term.replace(/C/g, String(constant)).replace(/\bi\b/g, `(${iteration})`);
  const reached = below ? 'N - 1' : 'k';
  switch (operation) {
    case 'set':
      return `a[k] == ${at(reached)}`;
    case 'max':
      return `a[k] >= ${initial} && a[k] >= ${at(reached)}`;
    case 'min':
      return `a[k] <= ${initial} && a[k] <= ${at(reached)}`;
    case 'add': {
      // Σ over the reached iterations: [k, N) below, [0, k] above; sums of 1, i, i² times 6
      const count = below ? '(N - k)' : '(k + 1)';
      const sumOfIndex = below ? '(N * (N - 1) - k * (k - 1))' : '(k * (k + 1))'; // twice Σ i
      const sumOfSquares = below
        ? '((N - 1) * N * (2 * N - 1) - (k - 1) * k * (2 * k - 1))'
        : '(k * (k + 1) * (2 * k + 1))'; // six times Σ i²
      const six = {
        C: `6 * ${constant} * ${count}`,
        i: `3 * ${sumOfIndex}`,
        '2 * i + C': `6 * ${sumOfIndex} + 6 * ${constant} * ${count}`,
        'i * i': sumOfSquares,
        'N - i': `6 * N * ${count} - 3 * ${sumOfIndex}`,
      }[term];
      return `6 * a[k] == ${6 * initial} + ${six}`;
    }
    default: {
      const never: never = operation;
      throw new Error(`unknown operation ${String(never)}`);
    }
  }
}

/** triangular nests adding, setting, maximising or minimising into the cells, with a per-cell check (or a wrong one) */
export function triangleProgramText(): fc.Arbitrary<string> {
  return fc
    .record({
      range: fc.constantFrom(...ranges),
      term: fc.constantFrom(...terms),
      operation: fc.constantFrom(...operations),
      initial: fc.integer({ min: 0, max: 2 }),
      constant: fc.integer({ min: 0, max: 3 }),
      wrong: fc.constantFrom('none', 'none', 'plusOne', 'nextCell'),
    })
    .map(({ range, term, operation, initial, constant, wrong }) => {
      const value = term.replace(/C/g, String(constant));
      const update = {
        add: `a[j] = a[j] + ${value};`,
        set: `a[j] = ${value};`,
        max: `if (a[j] < ${value}) a[j] = ${value};`,
        min: `if (a[j] > ${value}) a[j] = ${value};`,
      }[operation];
      const lines = [
        `  for (int k = 0; k < N; k++) a[k] = ${initial};`,
        `  for (int i = 0; i < N; i++) for (int ${range}; j++) ${update}`,
      ];
      let condition = triangleCheck(range, term, operation, initial, constant);
      if (wrong === 'plusOne') condition = condition.replace(/a\[k\] ([=<>]=) /, 'a[k] $1 1 + ');
      if (wrong === 'nextCell') condition = condition.replace(/\bk\b/g, '(k + 1)').replaceAll('a[(k + 1)]', 'a[k]');
      return programText(lines, condition);
    });
}

function programText(lines: readonly string[], condition: string): string {
  return `${prelude}
int main(void) {
  int N = __VERIFIER_nondet_int(); assume_abort_if_not(N > 0 && N <= 100);
  int a[N]; int b[N];
${lines.join('\n')}
  for (int k = 0; k < N; k++) __VERIFIER_assert(${condition});
  return 0;
}
`;
}
