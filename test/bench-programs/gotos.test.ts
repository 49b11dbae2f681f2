// bench/gotos (issue 27, item 4: goto inside a function): loops and jumps written with labels as
// CIL and CFA reducers emit them, placed in structured statements by src/ir/lower/gotos.ts.
// Natively (gcc, UBSan on), with n = 3 … 10 and 33: a safe program completes, a buggy twin reaches
// reach_error for some n. Through `encode verify` (the portfolio, 10 s): every program gets its
// expected verdict.

import { afterAll, describe, expect, it } from 'vitest';
import { runPortfolio } from '../../src/portfolio/index.js';
import { runFrontEnd } from '../../src/pipeline.js';
import { gccRequirement, itWith } from '../support/requirements.js';
import { testSolver } from '../support/solver.js';
import { benchFamily, nativeOutcomes } from '../support/bench-family.js';

const family = benchFamily('gotos');
const { names, expectedOf } = family;
const sizes = [3, 4, 5, 6, 7, 8, 9, 10, 33];
const otherInputs = Array.from({ length: 120 }, (_, index) => String((index * 5) % 9 - 2)).join('\n');

const solver = testSolver();
afterAll(() => solver.dispose());

describe('bench/gotos', () => {
  it('holds at least ten safe programs, each with a buggy twin', () => {
    const pairs = names.filter((name) => name.endsWith('-safe.c'));
    expect(pairs.length).toBeGreaterThanOrEqual(10);
    for (const name of pairs) expect(names).toContain(name.replace('-safe.c', '-unsafe.c'));
  });

  itWith([gccRequirement()], 'natively: every safe program completes, every buggy one reaches the error for some n', { timeout: 300_000 }, () => {
    for (const name of names) {
      const outcomes = nativeOutcomes(family, name, sizes.map((size) => `${size}\n${otherInputs}\n`));
      if (outcomes === undefined) continue;
      if (expectedOf(name) === 'safe') expect(outcomes, name).toEqual(sizes.map(() => 'completed'));
      else expect(outcomes, name).toContain('reachedError');
    }
  });

  it('encode verify gives every program its expected verdict', { timeout: 600_000 }, async () => {
    for (const name of names) {
      const front = runFrontEnd(family.path(name), { dataModel: 'ILP32', preprocessor: 'builtin' });
      expect(front.kind, name).toBe('program');
      if (front.kind !== 'program') continue;
      const run = await runPortfolio(front.program, { semantics: 'c', settings: new Map() }, solver, { timeoutMilliseconds: 10_000 });
      expect(run.verdict.kind, `${name}: ${JSON.stringify(run.verdict.kind === 'unknown' ? run.verdict.reason : '')}`).toBe(expectedOf(name));
    }
  });
});
