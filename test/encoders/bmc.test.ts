// bmc on hand-built IR programs with known answers: violations found and replayed (including the
// order of havocs inside loops and branches), SAFE only with unwinding assertions or a complete
// unrolling, O(K) formula size.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bmcEncoder } from '../../src/encoders/bmc/index.js';
import { unrollProgram } from '../../src/symbolic/unroll.js';
import type { Program } from '../../src/ir/types.js';
import { testSolver } from '../support/solver.js';
import type { Solver } from '../../src/solvers/solver.js';
import * as programs from '../support/sample-programs.js';
import { emitWith, solveWith, type TestOptions } from '../support/encoding.js';

let solver: Solver;
beforeAll(() => {
  solver = testSolver();
});
afterAll(async () => {
  await solver.dispose();
});

function options(
  unwind: number,
  unwindingAssertions: boolean,
  semantics: TestOptions['semantics'] = 'int',
): TestOptions {
  return { semantics, unwind, unwindingAssertions, timeoutMilliseconds: 20_000 };
}
async function verdict(program: Program, encodingOptions: TestOptions) {
  return (await solveWith(bmcEncoder, program, encodingOptions, solver)).verdict;
}

describe('bmc', () => {
  for (const semantics of ['int', 'bv'] as const) {
    it(`finds a straight-line violation (${semantics})`, async () => {
      const result = await verdict(programs.straightUnsafe, options(1, true, semantics));
      expect(result.kind).toBe('unsafe');
      if (result.kind === 'unsafe') {
        expect(result.counterexample.scalars).toEqual([7n]);
        expect(result.violatedAt.line).toBe(3);
      }
    });
    it(`proves straight-line code safe (${semantics})`, async () => {
      expect((await verdict(programs.straightSafe, options(1, true, semantics))).kind).toBe('safe');
    });
    it(`replays havocs inside loops and branches in order (${semantics})`, async () => {
      const result = await verdict(programs.havocOrderUnsafe, options(3, false, semantics));
      expect(result.kind).toBe('unsafe');
      if (result.kind === 'unsafe') {
        // the replay succeeded, so the order is right; the choices 5, -3 (via x or y) and 9 appear in order
        const scalars = result.counterexample.scalars;
        expect(scalars.length).toBeGreaterThanOrEqual(5);
        expect(scalars.indexOf(5n)).toBeGreaterThan(0);
        expect(scalars.lastIndexOf(9n)).toBe(scalars.length - 1);
      }
    });
  }

  it('needs enough unwindings for a counting loop', async () => {
    const short = await verdict(programs.countingUnsafe, options(5, false));
    expect(short.kind).toBe('unknown');
    if (short.kind === 'unknown')
      expect([short.reason.kind, short.reason.message]).toEqual([
        'resourceLimit',
        expect.stringMatching(/within 5 unwindings/),
      ]);
    expect((await verdict(programs.countingUnsafe, options(10, false))).kind).toBe('unsafe');
    expect((await verdict(programs.countingSafe, options(10, true))).kind).toBe('safe');
    const notEnough = await verdict(programs.countingSafe, options(9, true));
    expect(notEnough.kind).toBe('unknown');
    if (notEnough.kind === 'unknown')
      expect([notEnough.reason.kind, notEnough.reason.message]).toEqual([
        'resourceLimit',
        expect.stringMatching(/can run longer/),
      ]);
  });

  it('proves SAFE without unwinding assertions only where every loop is unrolled completely', async () => {
    // countingSafe's loop runs 10 times: unwind 10 unrolls it completely (the counter is a numeral
    // at every step), unwind 9 does not, and a symbolic bound is never complete
    const complete = await verdict(programs.countingSafe, options(10, false));
    expect(complete.kind).toBe('safe');
    if (complete.kind === 'safe')
      expect(complete.assumptions.join(' ')).toMatch(/every loop fully unrolled \(unwind 10\)/);
    expect((await verdict(programs.countingSafe, options(9, false))).kind).toBe('unknown');
    expect((await verdict(programs.largeBoundSafe, options(8, false))).kind).toBe('unknown');
    expect((await verdict(programs.arrayInitSafe, options(4, false))).kind).toBe('unknown');
  });

  it('handles break and continue', async () => {
    expect((await verdict(programs.breakContinueUnsafe, options(5, false))).kind).toBe('unsafe');
    expect((await verdict(programs.breakContinueSafe, options(5, true))).kind).toBe('safe');
    expect((await verdict(programs.breakContinueSafe, options(3, true))).kind).toBe('unknown');
  });

  it('handles nested loops', async () => {
    expect((await verdict(programs.nestedUnsafe, options(3, false))).kind).toBe('unsafe');
    expect((await verdict(programs.nestedSafe, options(3, true))).kind).toBe('safe');
  });

  it('reads array havocs back', async () => {
    for (const semantics of ['int', 'bv'] as const) {
      const result = await verdict(programs.arrayHavocUnsafe, options(1, false, semantics));
      expect(result.kind).toBe('unsafe');
      if (result.kind === 'unsafe')
        expect(result.counterexample.arrays[0]!.entries.get(3n) ?? result.counterexample.arrays[0]!.defaultValue).toBe(
          17n,
        );
    }
    const init = await verdict(programs.arrayInitUnsafe, options(4, false));
    expect(init.kind).toBe('unsafe');
    expect((await verdict(programs.arrayInitSafe, options(4, false))).kind).toBe('unknown');
  });

  it('translates C division and remainder', async () => {
    expect((await verdict(programs.remainderSafe, options(1, true))).kind).toBe('safe');
    const unsafe = await verdict(programs.remainderUnsafe, options(1, true));
    expect(unsafe.kind).toBe('unsafe');
    if (unsafe.kind === 'unsafe') expect(unsafe.counterexample.scalars).toEqual([-5n]);
  });

  it('uses havoc ranges', async () => {
    expect((await verdict(programs.havocRangeSafe, options(1, true))).kind).toBe('safe');
  });

  it('keeps the formula O(unwind * body) for large loop bounds', async () => {
    const small = unrollProgram(programs.largeBoundSafe, 4, 'int').executor.constants.length;
    const large = unrollProgram(programs.largeBoundSafe, 8, 'int').executor.constants.length;
    expect(large).toBeLessThan(200);
    expect(large).toBeLessThanOrEqual(2 * small + 10);
    const result = await verdict(programs.largeBoundSafe, options(8, true));
    expect(result.kind).toBe('unknown');
  });

  it('emits one SMT-LIB script', async () => {
    const emitted = await emitWith(bmcEncoder, programs.countingSafe, options(10, true));
    expect(emitted.kind).toBe('emitted');
    if (emitted.kind === 'emitted') {
      expect(emitted.artefacts.map((artefact) => artefact.suffix)).toEqual(['.bmc.smt2']);
      const content = emitted.artefacts[0]!.content;
      expect(content.kind).toBe('smtScript');
      if (content.kind === 'smtScript') expect(content.headerComments.join('\n')).toMatch(/unsat/);
    }
  });
});
