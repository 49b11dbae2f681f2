// The runs engine: concrete runs with seeded inputs find bugs behind loops of large constant bounds
// (our own programs in test/encoders/runs-programs, the 3-D family's reverse) and bugs that need a
// size past the edge of a narrow integer type (an unsigned char that wraps after 255), each UNSAFE
// replayed by the kernel and confirmed by the program compiled with gcc on the same inputs; it never
// answers SAFE (the safe programs of the 3-D family, and a safe program whose runs complete); its
// runs stay within the budget on a program whose loops are far too long to finish, and the runs from
// the whole range of a type are held to the steps of the bounded runs where a size from that range
// makes a loop no run finishes; it writes no SMT.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateByExecution } from '../../src/execution/validate.js';
import { runsEncoder } from '../../src/encoders/runs/index.js';
import type { Program } from '../../src/ir/types.js';
import { runFrontEnd } from '../../src/pipeline.js';
import { emitWith, solveWith } from '../support/encoding.js';
import { gccRequirement, itWith } from '../support/requirements.js';
import { testSolver } from '../support/solver.js';

const solver = testSolver();
afterAll(() => solver.dispose());
const own = join(import.meta.dirname, 'runs-programs');
const threeDimensions = join(import.meta.dirname, '..', '..', 'bench', 'arrays-3d');
const integerRules = join(import.meta.dirname, '..', '..', 'bench', 'c-integer-rules');

function lowered(path: string): Program {
  const front = runFrontEnd(path, { dataModel: 'ILP32', preprocessor: 'builtin' });
  if (front.kind !== 'program') throw new Error(`${path} does not lower: ${front.kind}`);
  return front.program;
}

const buggy = [
  join(own, 'reverse-1d-unsafe.c'),
  join(own, 'counter-limit-unsafe.c'),
  join(own, 'uchar-counter-unsafe.c'),
  join(integerRules, 'uchar-index-unsafe.c'),
  join(threeDimensions, 'reverse-3d-unsafe.c'),
];

describe('runs', () => {
  it('finds every bug behind long constant loops, replayed on the interpreter', { timeout: 120_000 }, async () => {
    for (const path of buggy) {
      const run = await solveWith(runsEncoder, lowered(path), { semantics: 'c', timeoutMilliseconds: 10_000 }, solver);
      expect(run.verdict.kind, path).toBe('unsafe');
    }
  });

  itWith(
    [gccRequirement()],
    'each counterexample reaches the error in the program compiled by gcc',
    { timeout: 180_000 },
    async () => {
      for (const path of buggy) {
        const program = lowered(path);
        const run = await solveWith(runsEncoder, program, { semantics: 'c', timeoutMilliseconds: 10_000 }, solver);
        if (run.verdict.kind !== 'unsafe') throw new Error(`${path}: ${run.verdict.kind}`);
        const check = validateByExecution(path, program, run.verdict.counterexample, {
          semantics: 'bv',
          dataModel: 'ILP32',
          timeoutMilliseconds: 60_000,
        });
        expect(check.kind, path).toBe('confirmed');
      }
    },
  );

  it('never answers SAFE, and says how many runs it made', { timeout: 120_000 }, async () => {
    const safe = [
      join(own, 'sum-safe.c'),
      ...readdirSync(threeDimensions)
        .filter((name) => name.endsWith('-safe.c') && !name.startsWith('copy-partial'))
        .map((name) => join(threeDimensions, name)),
    ];
    expect(safe.length).toBeGreaterThanOrEqual(10);
    for (const path of safe) {
      const run = await solveWith(runsEncoder, lowered(path), { semantics: 'c', timeoutMilliseconds: 3_000 }, solver);
      expect(run.verdict.kind, path).toBe('unknown');
      if (run.verdict.kind === 'unknown') expect(run.verdict.reason.message).toMatch(/no assertion failed in \d+ run/);
    }
  });

  it('stays within the budget where no run can finish (10^9 cells)', { timeout: 60_000 }, async () => {
    const program = lowered(join(import.meta.dirname, '..', '..', 'bench', 'budget-3d', 'copy-partial-3d-unsafe.c'));
    const started = Date.now();
    const run = await solveWith(runsEncoder, program, { semantics: 'c', timeoutMilliseconds: 2_000 }, solver);
    expect(run.verdict.kind).toBe('unknown');
    expect(Date.now() - started).toBeLessThan(2_000 + 1_000);
  });

  it(
    'holds the whole-range runs to the steps of the bounded ones where a size from that range never ends',
    {
      timeout: 60_000,
    },
    async () => {
      // before: the whole-range run of a 2^31-cell fill took 45 % of what was left (4.5 s of 10 s here)
      const program = lowered(join(own, 'size-fill-safe.c'));
      const started = Date.now();
      const run = await solveWith(runsEncoder, program, { semantics: 'c', timeoutMilliseconds: 10_000 }, solver);
      expect(run.verdict.kind).toBe('unknown');
      if (run.verdict.kind === 'unknown') expect(run.verdict.reason.message).toMatch(/stepLimitReached/);
      expect(Date.now() - started).toBeLessThan(3_000);
    },
  );

  it('writes no SMT, and says so', async () => {
    const result = await emitWith(runsEncoder, lowered(join(own, 'sum-safe.c')), {
      semantics: 'c',
      timeoutMilliseconds: 1_000,
    });
    expect(result.kind).toBe('unsupported');
  });
});
