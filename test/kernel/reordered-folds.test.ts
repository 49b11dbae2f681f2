// Folds of the same cells in another order or grouping (src/analysis/reordered-folds.ts and
// src/analysis/permuted-copies.ts find them, src/kernel/reordered-folds.ts proves the laws and
// rewrites, inside the pass of src/kernel/permuted-reductions.ts): the safe programs of
// bench/bitwise-reductions rewritten, and on random programs of the shapes (backward folds, folds
// from a cell, folds over a copy that is or is not a permutation, folds split in two and combined;
// with folds whose laws hold and folds whose laws fail) a rewrite that keeps C's answer on sampled runs
// (bv interpreter, the same inputs for both), with floors of rewrites and of assertions decided.

import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Budget } from '../../src/kernel/budget.js';
import { copyPermutedReductions } from '../../src/kernel/permuted-reductions.js';
import { printProgram } from '../../src/ir/print.js';
import { lowerSource } from '../soundness/harness.js';
import { rewriteKeepingAnswer } from '../support/rewrites.js';
import { testSolver } from '../support/solver.js';

const solver = testSolver();
afterAll(() => solver.dispose());

const folder = join(import.meta.dirname, '..', '..', 'bench', 'bitwise-reductions');

const header = `extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
`;

/** a fold of `n` cells compared with a second one (over x or a copy y); n from `lowest` (the sampled runs' first value is 1 … 6) */
function pairText(
  lowest: number,
  body: string,
  first: { initial: string; loop: string },
  copy: string,
  second: { initial: string; loop: string; array: string },
): string {
  const step = (array: string): string => body.replaceAll('CELL', `${array}[i]`);
  return `${header}int main(void) {
  int n = __VERIFIER_nondet_int() - ${1 - lowest};
  if (n < ${lowest} || n > 6) return 0;
  int x[8]; int y[8];
  for (int i = 0; i < 8; i++) x[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < 8; i++) y[i] = 0;
  ${copy}
  int r1 = ${first.initial};
  ${first.loop} r1 = ${step('x').replaceAll('RES', 'r1')};
  int r2 = ${second.initial};
  ${second.loop} r2 = ${step(second.array).replaceAll('RES', 'r2')};
  if (r1 != r2) reach_error();
  return 0;
}
`;
}

/** a fold of N cells against two folds of its halves combined */
function splitText(size: number, middle: number, body: string, initial: string, combination: string): string {
  const step = (accumulator: string): string => body.replaceAll('CELL', 'x[i]').replaceAll('RES', accumulator);
  return `${header}int main(void) {
  int x[${size}];
  for (int i = 0; i < ${size}; i++) x[i] = __VERIFIER_nondet_int();
  int all = ${initial};
  for (int i = 0; i < ${size}; i++) all = ${step('all')};
  int low = ${initial};
  for (int i = 0; i < ${middle}; i++) low = ${step('low')};
  int high = ${initial};
  for (int i = ${middle}; i < ${size}; i++) high = ${step('high')};
  if (all != (${combination})) reach_error();
  return 0;
}
`;
}

/** every assertion of the printed program is a constant (decided by the rewrite) */
const decidedAssertions = (printed: string): boolean =>
  printed
    .split('\n')
    .filter((line) => line.includes('assert('))
    .every((line) => /assert\(!?\(?[01]\)?\)/.test(line));

const bodies = [
  'RES + CELL',
  'RES ^ CELL',
  'RES & CELL',
  'RES | CELL',
  'RES - CELL',
  '2 * RES + CELL',
  'CELL - RES',
  '(RES + CELL) / 2',
  'RES ^ (CELL + 1)',
];

describe('folds of the same cells in another order or grouping', () => {
  it('rewrites the bitwise folds of bench/bitwise-reductions', async () => {
    for (const name of [
      'xor-backward-safe.c',
      'xor-pairs-safe.c',
      'and-split-safe.c',
      'and-from-first-safe.c',
      'or-rotated-copy-safe.c',
      'or-rotate-by-s-safe.c',
      'mean-two-orders-safe.c',
    ]) {
      const program = lowerSource(readFileSync(join(folder, name), 'utf8'));
      const rewritten = await copyPermutedReductions(program, 'bv', solver, Budget.start(10_000));
      expect(rewritten?.details.length, name).toBe(1);
    }
  });

  it(
    "on random pairs of folds: the rewrite keeps C's answer on sampled runs; floors of rewrites and decided assertions",
    { timeout: 300_000 },
    async () => {
      const firsts = [
        { initial: '0', loop: 'for (int i = 0; i < n; i++)' },
        { initial: '-1', loop: 'for (int i = 0; i < n; i++)' },
        { initial: 'x[0]', loop: 'for (int i = 1; i < n; i++)' },
      ];
      const seconds = [
        { initial: '0', loop: 'for (int i = n - 1; i >= 0; i--)' },
        { initial: '-1', loop: 'for (int i = n - 1; i >= 0; i--)' },
        { initial: '0', loop: 'for (int i = n - 1; i > 0; i--)' },
        { initial: '0', loop: 'for (int i = 0; i < n; i++)' },
        { initial: '-1', loop: 'for (int i = 0; i < n; i++)' },
      ];
      const copies = [
        'for (int i = 0; i < n - 1; i++) y[i] = x[i + 1]; y[n - 1] = x[0];',
        'for (int i = 0; i < n - 1; i++) y[i] = x[i + 1]; y[n - 1] = x[n - 1];',
        'for (int i = 0; i < n; i++) y[i] = x[n - 1 - i];',
        'for (int i = 0; i < n; i++) y[i] = x[i / 2];',
        'for (int i = 1; i < n; i++) y[i] = x[i - 1]; y[0] = x[n - 1];',
        '',
      ];
      const programs = fc.record({
        lowest: fc.constantFrom(0, 1),
        body: fc.constantFrom(...bodies),
        first: fc.constantFrom(...firsts),
        copy: fc.constantFrom(...copies),
        second: fc.constantFrom(...seconds),
        array: fc.constantFrom('x', 'y'),
      });
      let rewrites = 0;
      let decided = 0;
      const samples = fc.sample(programs, { numRuns: 160, seed: 20261128 });
      for (const sample of samples) {
        const text = pairText(sample.lowest, sample.body, sample.first, sample.copy, {
          ...sample.second,
          array: sample.array,
        });
        const checked = await rewriteKeepingAnswer(text, solver);
        if (checked === undefined) continue;
        rewrites++;
        const { rewritten, fails } = checked;
        if (decidedAssertions(printProgram(rewritten.program))) {
          decided++;
          expect(fails, `the assertion decided, but a C run fails:\n${text}`).toBe(false);
        }
      }
      console.log(
        `reordered folds on ${samples.length} random pairs: ${rewrites} rewritten, ${decided} with the assertion decided`,
      );
      expect(rewrites).toBeGreaterThanOrEqual(25);
      expect(decided).toBeGreaterThanOrEqual(10);
    },
  );

  it(
    "on random splits: the rewrite keeps C's answer on sampled runs, and only combinations that hold are decided",
    { timeout: 300_000 },
    async () => {
      const combinations = ['low & high', 'low | high', 'low ^ high', 'low + high', 'low - high', 'high + low'];
      // the monoids (a fold, its unit, its combination) and random triples, most of which are none
      const monoids = [
        ['RES + CELL', '0', 'low + high'],
        ['RES ^ CELL', '0', 'low ^ high'],
        ['RES & CELL', '-1', 'low & high'],
        ['RES | CELL', '0', 'low | high'],
        ['RES - CELL', '0', 'low + high'],
      ] as const;
      const programs = fc.record({
        size: fc.integer({ min: 2, max: 6 }),
        cut: fc.integer({ min: 0, max: 5 }),
        fold: fc.oneof(
          fc.constantFrom(...monoids),
          fc.tuple(fc.constantFrom(...bodies), fc.constantFrom('0', '-1', '1'), fc.constantFrom(...combinations)),
        ),
      });
      let rewrites = 0;
      let splits = 0;
      const samples = fc.sample(programs, { numRuns: 80, seed: 20261129 });
      for (const sample of samples) {
        const middle = 1 + (sample.cut % (sample.size - 1));
        const text = splitText(sample.size, middle, sample.fold[0], sample.fold[1], sample.fold[2]);
        const checked = await rewriteKeepingAnswer(text, solver);
        if (checked === undefined) continue;
        rewrites++;
        const { rewritten, fails } = checked;
        if (rewritten.details.some((detail) => detail.includes('combined'))) {
          splits++;
          expect(fails, `a split read as the whole fold, but a C run fails:\n${text}`).toBe(false);
        }
      }
      console.log(
        `reordered folds on ${samples.length} random splits: ${rewrites} rewritten, ${splits} read as the whole fold`,
      );
      expect(splits).toBeGreaterThanOrEqual(5);
    },
  );
});
