// bench/nondet-writes (issue 27, item 2): writes at nondeterministic indices in unbounded loops
// (`while (1) { k = nondet(); assume(0 <= k < n); a[k] = f(k); …; if (nondet() == 0) break; }`, and a
// counted loop of such writes), then a reduction (sum, maximum, sum of differences) or a check of
// every cell. Natively (gcc, UBSan on), with the indices 1, 2, 0, 1, … and n = 3 … 10 and 33: a
// safe program completes, a buggy twin reaches reach_error for some n. viap's proof alone proves the
// safe ones (the written-values lemma, src/encoders/viap/written-values.ts; a sum whose writes cancel
// carried by a ghost, src/analysis/tracked-sums.ts, as runEncoding does), and `encode verify` (the
// portfolio, 10 s) finds every buggy twin.

import { afterAll, describe, expect, it } from 'vitest';
import { runPortfolio } from '../../src/portfolio/index.js';
import { runFrontEnd } from '../../src/pipeline.js';
import { solveViapProofOnly } from '../../src/encoders/viap/index.js';
import { gccRequirement, itWith } from '../support/requirements.js';
import { testSolver } from '../support/solver.js';
import { benchFamily, expectConciseAssumptions, nativeOutcomes } from '../support/bench-family.js';
import { Budget } from '../../src/kernel/budget.js';
import { trackSums } from '../../src/analysis/tracked-sums.js';

const family = benchFamily('nondet-writes');
const { names, expectedOf } = family;
const sizes = [3, 4, 5, 6, 7, 8, 9, 10, 33];
/** indices (and break tests) 1, 2, 0, 1, 2, 0, …: in range for every n >= 3, a break every third value */
const otherInputs = Array.from({ length: 300 }, (_, index) => String((index + 1) % 3)).join('\n');

const solver = testSolver();
afterAll(() => solver.dispose());

function frontEnd(name: string) {
  const front = runFrontEnd(family.path(name), { dataModel: 'ILP32', preprocessor: 'builtin' });
  expect(front.kind, name).toBe('program');
  return front.kind === 'program' ? front.program : undefined;
}

describe('bench/nondet-writes', () => {
  it('holds at least ten safe programs, each with a buggy twin', () => {
    const pairs = names.filter((name) => name.endsWith('-safe.c'));
    expect(pairs.length).toBeGreaterThanOrEqual(10);
    for (const name of pairs) expect(names).toContain(name.replace('-safe.c', '-unsafe.c'));
  });

  itWith(
    [gccRequirement()],
    'natively: every safe program completes, every buggy one reaches the error for some n',
    { timeout: 300_000 },
    () => {
      for (const name of names) {
        const outcomes = nativeOutcomes(
          family,
          name,
          sizes.map((size) => `${size}\n${otherInputs}\n`),
          expectedOf(name) === 'safe' ? undefined : 'reachedError',
        );
        if (outcomes === undefined) continue;
        if (expectedOf(name) === 'safe') expect(outcomes, name).toEqual(sizes.map(() => 'completed'));
        else expect(outcomes, name).toContain('reachedError');
      }
    },
  );

  it(
    "viap's proof alone proves every safe program (the written-values lemma, tracked sums)",
    { timeout: 300_000 },
    async () => {
      const proven: string[] = [];
      for (const name of names.filter((candidate) => expectedOf(candidate) === 'safe')) {
        const program = frontEnd(name);
        if (program === undefined) continue;
        // as runEncoding hands it over: a sum whose writes cancel is carried by a ghost (analysis/tracked-sums.ts)
        const outcome = await solveViapProofOnly(trackSums(program)?.program ?? program, {
          solver,
          budget: Budget.start(10_000),
          options: { semantics: 'int', settings: new Map() },
        });
        if (outcome.verdict.kind === 'safe') proven.push(name);
      }
      expect(proven.length).toBeGreaterThanOrEqual(20);
    },
  );

  it(
    'encode verify finds every buggy twin (the safe ones are proven above, by the proof alone)',
    { timeout: 600_000 },
    async () => {
      for (const name of names.filter((candidate) => expectedOf(candidate) === 'unsafe')) {
        const program = frontEnd(name);
        if (program === undefined) continue;
        const run = await runPortfolio(program, { semantics: 'c', settings: new Map() }, solver, {
          timeoutMilliseconds: 10_000,
        });
        expect(
          run.verdict.kind,
          `${name}: ${JSON.stringify(run.verdict.kind === 'unknown' ? run.verdict.reason : '')}`,
        ).toBe(expectedOf(name));
        expectConciseAssumptions(name, run.verdict);
      }
    },
  );
});
