// The labmc encoding (paper 004): the paper's Fig. 1a program, the abstraction's shape, the
// soundness harness in both semantics with a floor of decided verdicts, and the abstract program
// printed as C read back by our own front end and decided the same way.

import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBounded } from '../../src/kernel/bounded-check.js';
import { Budget } from '../../src/kernel/budget.js';
import { abstractProgram } from '../../src/encoders/labmc/abstract.js';
import { labmcEncoder } from '../../src/encoders/labmc/index.js';
import { printProgramAsC } from '../../src/ir/print-c.js';
import { lowerSource, runHarness } from '../soundness/harness.js';
import { solveWith, type TestOptions } from '../support/encoding.js';
import { floorFor } from '../support/floors.js';
import { testSolver } from '../support/solver.js';

const solver = testSolver();
afterAll(() => solver.dispose());
const options: TestOptions = { semantics: 'int', timeoutMilliseconds: 20_000 };
const scale = Number(process.env.ENCODE_HARNESS_SCALE ?? '1');

function regression(name: string) {
  const file = `test/regression/labmc/${name}`;
  return lowerSource(readFileSync(file, 'utf8'), file);
}

describe('labmc on paper 004 Fig. 1a', () => {
  it('proves the program SAFE with a 2-iteration inner and a 4-iteration outer abstraction in induction form', async () => {
    const program = regression('paper-fig1a-safe.c');
    const abstraction = abstractProgram(program, 'int');
    expect(abstraction.loops.map((loop) => [loop.bound, loop.form])).toEqual([
      [2, 'simple'],
      [4, 'induction'],
    ]);
    const outer = abstraction.loops[1]!.classes;
    const kinds = Object.fromEntries(
      outer.accelerations.map((acceleration) => [acceleration.variable.sourceName, acceleration.kind]),
    );
    expect(kinds).toEqual({ st: 'nonRecurrent', c: 'havoc', a: 'selfRecurrent', b: 'selfRecurrent' });
    const outcome = await solveWith(labmcEncoder, program, options, solver);
    expect(outcome.verdict.kind).toBe('safe');
  });

  it('does not prove the buggy twin, and finds its bug by a replayed search', async () => {
    const outcome = await solveWith(labmcEncoder, regression('paper-fig1a-unsafe.c'), options, solver);
    expect(outcome.verdict.kind).toBe('unsafe');
  });

  it('prints the abstract program as C that our front end reads back and bmc proves safe', async () => {
    const abstraction = abstractProgram(regression('paper-fig1a-safe.c'), 'int');
    const text = printProgramAsC(abstraction.program, ['a comment']);
    expect(text).toContain('__VERIFIER_nondet_int128');
    const reread = lowerSource(text, 'abstract.c');
    const result = await checkBounded(
      reread,
      { semantics: 'int', unwind: abstraction.unwind, unwindingAssertions: true },
      solver,
      Budget.start(20_000),
    );
    expect(result.outcome.verdict.kind).toBe('safe');
  });
});

describe('soundness harness: labmc', () => {
  // the truth is C's (enumeration in bv semantics) in both; labmc runs in c (the default) and in bv
  it('never contradicts enumeration in c semantics, and decides most programs', async () => {
    const statistics = await runHarness({
      encoder: labmcEncoder,
      options: { semantics: 'c', timeoutMilliseconds: 10_000 },
      solver,
      numRuns: 80 * scale,
      seed: 40041,
    });
    console.log(`labmc/c: ${JSON.stringify(statistics)}`);
    expect(statistics.programs).toBe(80 * scale);
    // measured at 10 s a program, with Debian z3 and with z3-wasm: 68 of the 80 decided, 30 SAFE, 38 UNSAFE
    expect(statistics.safe + statistics.unsafe).toBeGreaterThanOrEqual(floorFor(solver, 68) * scale);
    expect(statistics.safe).toBeGreaterThanOrEqual(floorFor(solver, 30) * scale);
    expect(statistics.unsafe).toBeGreaterThanOrEqual(floorFor(solver, 38) * scale);
  }, 600_000);

  it('never contradicts enumeration in bv semantics', async () => {
    const statistics = await runHarness({
      encoder: labmcEncoder,
      options: { semantics: 'bv', timeoutMilliseconds: 10_000 },
      solver,
      numRuns: 40 * scale,
      seed: 40042,
    });
    console.log(`labmc/bv: ${JSON.stringify(statistics)}`);
    expect(statistics.programs).toBe(40 * scale);
    // measured at 10 s a program, with Debian z3 and with z3-wasm: 37 of the 40 decided (11 SAFE, 26 UNSAFE)
    expect(statistics.safe + statistics.unsafe).toBeGreaterThanOrEqual(floorFor(solver, 37) * scale);
  }, 600_000);
});
