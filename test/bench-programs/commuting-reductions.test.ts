// bench/commuting-reductions (issue 27, item 3): a reduction (sum, average, xor, and, or, maximum,
// minimum, product, count, a sum with an index term, a wrapping byte sum) in a helper, computed three
// times around swaps and rotations of the array; each safe program has a buggy twin (an order-
// dependent fold, a cell overwritten in place of a swap, a rotation that drops a cell, a range that
// misses a moved cell). Natively (gcc, UBSan on) with ten input sequences: a safe program completes on every
// one, a buggy one reaches reach_error on some. Through `encode verify` (the portfolio, 10 s): every
// program gets its expected verdict.

import { afterAll, describe, expect, it } from 'vitest';
import { runPortfolio } from '../../src/portfolio/index.js';
import { runFrontEnd } from '../../src/pipeline.js';
import { gccRequirement, itWith } from '../support/requirements.js';
import { testSolver } from '../support/solver.js';
import { benchFamily, expectConciseAssumptions, nativeOutcomes } from '../support/bench-family.js';

const family = benchFamily('commuting-reductions');
const { names, expectedOf } = family;
/**
 * eight sequences of values in [-1000, 1000], then distinct powers of two and their complements (a
 * cell lost to an or or an and shows there); no sum of a thousand of them overflows a long long
 */
const sequence = (value: (index: number) => number): string =>
  Array.from({ length: 1100 }, (_, index) => String(value(index))).join('\n');
const inputs = [
  ...Array.from({ length: 8 }, (_, seed) => sequence((index) => ((index * 37 + seed * 101) % 2001) - 1000)),
  sequence((index) => 2 ** (index % 30)),
  sequence((index) => -(2 ** (index % 30)) - 1),
];

const solver = testSolver();
afterAll(() => solver.dispose());

describe('bench/commuting-reductions', () => {
  it('holds at least ten safe programs, each with a buggy twin', () => {
    const pairs = names.filter((name) => name.endsWith('-safe.c'));
    expect(pairs.length).toBeGreaterThanOrEqual(10);
    for (const name of pairs) expect(names).toContain(name.replace('-safe.c', '-unsafe.c'));
  });

  itWith(
    [gccRequirement()],
    'natively: every safe program completes, every buggy one reaches the error on some input',
    { timeout: 300_000 },
    () => {
      for (const name of names) {
        const outcomes = nativeOutcomes(
          family,
          name,
          inputs.map((input) => `${input}\n`),
          expectedOf(name) === 'safe' ? undefined : 'reachedError',
        );
        if (outcomes === undefined) continue;
        if (expectedOf(name) === 'safe') expect(outcomes, name).toEqual(inputs.map(() => 'completed'));
        else expect(outcomes, name).toContain('reachedError');
      }
    },
  );

  it('encode verify gives every program its expected verdict', { timeout: 600_000 }, async () => {
    for (const name of names) {
      const front = runFrontEnd(family.path(name), { dataModel: 'ILP32', preprocessor: 'builtin' });
      expect(front.kind, name).toBe('program');
      if (front.kind !== 'program') continue;
      const run = await runPortfolio(front.program, { semantics: 'c', settings: new Map() }, solver, {
        timeoutMilliseconds: 10_000,
      });
      expect(
        run.verdict.kind,
        `${name}: ${JSON.stringify(run.verdict.kind === 'unknown' ? run.verdict.reason : '')}`,
      ).toBe(expectedOf(name));
      if (run.verdict.kind === 'safe')
        expect(run.verdict.assumptions.join(' '), name).toMatch(/order-independence proven in (bv|int)/);
      expectConciseAssumptions(name, run.verdict);
    }
  });
});
