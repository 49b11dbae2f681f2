// The solve kernel: the budget, the solver cut to it, the one confirmation of counterexamples and
// the guard that lets a verdict out only within the soundness contract. Breaches are planted on
// purpose to show that the guard catches them.

import { performance } from 'node:perf_hooks';
import { allFormsModelled } from '../../src/analysis/control-flow-forms.js';
import { describe, expect, it } from 'vitest';
import type { Encoder } from '../../src/kernel/encoder.js';
import { bmcEncoder } from '../../src/encoders/bmc/index.js';
import { declaredOptions, encoders } from '../../src/encoders/index.js';
import { Budget } from '../../src/kernel/budget.js';
import { budgetedSolver } from '../../src/kernel/budgeted-solver.js';
import { confirmCounterexample, secondAttemptSteps } from '../../src/kernel/confirm.js';
import { ContractBreach, runEncoding } from '../../src/kernel/run-encoding.js';
import { encodingOptions, integerOption } from '../../src/kernel/options.js';
import { createSmtScript } from '../../src/smt/terms.js';
import type { CheckOptions, Solver, SolverResult } from '../../src/solvers/solver.js';
import { unknownVerdict } from '../../src/verdict.js';
import { encodingOptionsFor, type TestOptions } from '../support/encoding.js';
import * as programs from '../support/sample-programs.js';
import { createAssert, createAssign, createHavoc, createLoop } from '../../src/ir/factory.js';
import { at, binary, constant, IrBuilder, variable } from '../generators/ir.js';

/** a solver that records the timeouts it was given and answers `answer` */
function recordingSolver(answer: SolverResult): Solver & { readonly timeouts: number[] } {
  const timeouts: number[] = [];
  const check = async (_input: unknown, options: CheckOptions): Promise<SolverResult> => {
    timeouts.push(options.timeoutMilliseconds);
    return answer;
  };
  return { name: 'recording', timeouts, checkScript: check, checkChc: check, dispose: async () => undefined };
}

function fakeEncoder(overrides: Partial<Encoder>): Encoder {
  return {
    name: 'fake',
    summary: 'a planted encoder',
    approximation: 'over',
    options: [],
    emitUsesSolver: false,
    controlFlow: allFormsModelled,
    emit: async () => ({ kind: 'unsupported', reason: 'none' }),
    solve: async () => ({ verdict: unknownVerdict('imprecise', 'nothing'), times: {}, details: {} }),
    ...overrides,
  };
}

const emptyScript = createSmtScript({ headerComments: [], logic: 'ALL', constants: [], functions: [], assertions: [] });
const int = encodingOptions('int');

describe('budget', () => {
  it('shares what remains, never beyond the deadline', () => {
    let now = 1_000;
    const budget = Budget.start(10_000, () => now);
    expect(budget.remaining()).toBe(10_000);
    const half = budget.share(1 / 2);
    expect(half.remaining()).toBe(5_000);
    expect(budget.share(2).remaining()).toBe(10_000);
    now += 7_000;
    expect(half.expired()).toBe(true);
    expect(budget.remaining()).toBe(3_000);
    expect(budget.solverTimeout(60_000)).toBe(3_000);
    expect(budget.solverTimeout(500)).toBe(500);
    now += 3_000;
    expect(budget.expired()).toBe(true);
    expect(budget.solverTimeout()).toBe(1);
  });

  it('cuts every solver call to what remains and starts none when it is spent', async () => {
    let now = 0;
    const budget = Budget.start(2_000, () => now);
    const backEnd = recordingSolver({ kind: 'unsat' });
    const solver = budgetedSolver(backEnd, budget);
    await solver.checkScript(emptyScript, { timeoutMilliseconds: 60_000 });
    now = 1_500;
    await solver.checkScript(emptyScript, { timeoutMilliseconds: 60_000 });
    now = 2_000;
    const late = await solver.checkScript(emptyScript, { timeoutMilliseconds: 60_000 });
    expect(backEnd.timeouts).toEqual([2_000, 500]);
    expect(late).toEqual({ kind: 'unknown', reason: 'timeout' });
    expect(solver.statistics).toMatchObject({ calls: 2, unsat: 2, skipped: 1 });
  });

  it('bmc gives its two queries one budget together, not the whole timeout each', async () => {
    const backEnd = recordingSolver({ kind: 'unsat' });
    let now = 0;
    const clock = () => {
      now += 100;
      return now;
    };
    const run = await runEncoding(
      bmcEncoder,
      programs.countingSafe,
      encodingOptions('int', { unwind: 2, 'unwinding-assertions': true }),
      backEnd,
      { timeoutMilliseconds: 5_000, clock },
    );
    expect(run.verdict.kind).toBe('safe');
    expect(backEnd.timeouts.length).toBe(2);
    // the second query gets only what the first one left (the fake clock advances 100 ms a reading)
    expect(backEnd.timeouts[1]!).toBeLessThan(backEnd.timeouts[0]!);
    expect(backEnd.timeouts.reduce((sum, timeout) => Math.max(sum, timeout), 0)).toBeLessThanOrEqual(5_000);
  });
});

describe('confirmation', () => {
  it('makes UNSAFE only from a replay that fails an assertion', () => {
    const budget = Budget.start(10_000);
    const failing = confirmCounterexample(
      programs.straightUnsafe,
      { kind: 'choices', counterexample: { scalars: [7n], arrays: [] } },
      { semantics: 'int', budget },
    );
    expect(failing.kind).toBe('confirmed');
    const passing = confirmCounterexample(
      programs.straightUnsafe,
      { kind: 'choices', counterexample: { scalars: [9n], arrays: [] } },
      { semantics: 'int', budget },
    );
    expect(passing.kind).toBe('refuted');
    if (passing.kind === 'refuted') expect(passing.reason.kind).toBe('noReplay');
  });

  it("bounds a replay by the budget's end and hands that deadline to a guided candidate's run", () => {
    // x = choice; while (1) x = x + 1;  assert(x == 0): an endless replay
    const builder = new IrBuilder();
    const x = builder.scalar('x');
    const endless = builder.program([
      createHavoc(x, at(1)),
      createLoop(0, constant(1), [createAssign(x, binary('add', variable(x), constant(1)), at(3))], [], at(2)),
      createAssert(binary('equal', variable(x), constant(0)), at(4)),
    ]);
    const started = performance.now();
    const confirmation = confirmCounterexample(
      endless,
      { kind: 'choices', counterexample: { scalars: [7n], arrays: [] } },
      { semantics: 'bv', budget: Budget.start(300), maximumSteps: 4_000_000_000 },
    );
    const elapsed = performance.now() - started;
    expect(confirmation.kind).toBe('refuted');
    // stopped by the steps the budget allows at the assumed speed, or by the deadline on a slower machine
    if (confirmation.kind === 'refuted') expect(['timeout', 'resourceLimit']).toContain(confirmation.reason.kind);
    expect(elapsed).toBeLessThan(5_000); // 4 * 10^9 steps would take half a minute or more
    // a guided candidate's run is handed the budget's end (at least a short floor from now)
    const deadlines: number[] = [];
    const before = performance.now();
    confirmCounterexample(
      endless,
      {
        kind: 'guided',
        run: (_program, _steps, deadline) => {
          deadlines.push(deadline);
          return { kind: 'completed', steps: 1 };
        },
      },
      { semantics: 'bv', budget: Budget.start(2_000) },
    );
    expect(deadlines).toHaveLength(1);
    expect(deadlines[0]).toBeGreaterThan(before + 1_000);
    expect(deadlines[0]).toBeLessThanOrEqual(performance.now() + 2_000);
  });

  it('gives a replay stopped by its step allowance a second attempt sized by the speed it showed', () => {
    // 10 million steps in 50 ms (200,000 a millisecond), 1 s left: four fifths of 200 million
    expect(secondAttemptSteps(10_000_000, 1_000_000_000, 50, 1_000)).toBe(160_000_000);
    // never beyond the encoder's own limit
    expect(secondAttemptSteps(10_000_000, 50_000_000, 50, 1_000)).toBe(50_000_000);
    // none when the first already had the encoder's limit, no time is left, or the gain is small
    expect(secondAttemptSteps(50_000_000, 50_000_000, 50, 1_000)).toBeUndefined();
    expect(secondAttemptSteps(10_000_000, 1_000_000_000, 50, 0)).toBeUndefined();
    expect(secondAttemptSteps(10_000_000, 1_000_000_000, 500, 100)).toBeUndefined();
  });
});

describe('the guard', () => {
  const solver = recordingSolver({ kind: 'unsat' });
  const run = (encoder: Encoder, program = programs.straightUnsafe) =>
    runEncoding(encoder, program, int, solver, { timeoutMilliseconds: 1_000 });

  it('catches a planted UNSAFE that no replay made', async () => {
    const forged = fakeEncoder({
      solve: async () => ({
        verdict: { kind: 'unsafe', counterexample: { scalars: [7n], arrays: [] }, violatedAt: { line: 3, column: 1 } },
        times: {},
        details: {},
      }),
    });
    await expect(run(forged)).rejects.toBeInstanceOf(ContractBreach);
  });

  it('catches an UNSAFE replayed on another program than the one asked about', async () => {
    const elsewhere = fakeEncoder({
      solve: async () => {
        const confirmation = confirmCounterexample(
          programs.straightUnsafe,
          { kind: 'choices', counterexample: { scalars: [7n], arrays: [] } },
          { semantics: 'int', budget: Budget.start(1_000) },
        );
        if (confirmation.kind !== 'confirmed') throw new Error('expected a confirmation');
        return { verdict: confirmation.verdict, times: {}, details: {} };
      },
    });
    await expect(run(elsewhere, programs.straightSafe)).rejects.toBeInstanceOf(ContractBreach);
    // the same verdict on its own program passes
    expect((await run(elsewhere, programs.straightUnsafe)).verdict.kind).toBe('unsafe');
  });

  it('catches SAFE from an under-approximation', async () => {
    const safe = async () => ({ verdict: { kind: 'safe' as const, assumptions: [] }, times: {}, details: {} });
    await expect(run(fakeEncoder({ approximation: 'under', solve: safe }))).rejects.toBeInstanceOf(ContractBreach);
    // (bmc proves SAFE where its unrolling is complete, with or without unwinding assertions:
    // test/encoders/bmc.test.ts holds it to UNKNOWN wherever a loop can run longer)
    expect((await run(fakeEncoder({ approximation: 'over', solve: safe }))).verdict.kind).toBe('safe');
  });

  it('catches UNKNOWN without a typed reason', async () => {
    const untyped = fakeEncoder({
      solve: async () => ({ verdict: { kind: 'unknown', reason: 'text only' } as never, times: {}, details: {} }),
    });
    await expect(run(untyped)).rejects.toBeInstanceOf(ContractBreach);
  });
});

describe('options declared by the encoders', () => {
  it('every registered encoder declares what it reads, and shared names keep each default', () => {
    const options = declaredOptions();
    const unwind = options.find((option) => option.name === 'unwind');
    expect(unwind?.readers.map((reader) => [reader.encoder, reader.declaration.defaultValue])).toEqual([
      ['accel', 3],
      ['bmc', 10],
    ]);
    for (const name of ['max-k', 'cells', 'loops', 'unwinding-assertions', 'show-summaries']) {
      expect(options.map((option) => option.name)).toContain(name);
    }
    for (const encoder of encoders.values()) expect(encoder.summary.length).toBeGreaterThan(10);
  });

  it('adding an encoding is one registry entry: its options appear, and conflicting declarations are refused', () => {
    const depth = integerOption({ name: 'depth', valueName: 'd', minimum: 0, defaultValue: 4, help: 'a depth' });
    const registry = new Map([...encoders, ['trivial', fakeEncoder({ name: 'trivial', options: [depth] })]]);
    expect(
      declaredOptions(registry)
        .find((option) => option.name === 'depth')
        ?.readers.map((reader) => reader.encoder),
    ).toEqual(['trivial']);
    const clash = { ...depth, name: 'unwind', valueName: 'other' };
    const broken = new Map([...encoders, ['clash', fakeEncoder({ name: 'clash', options: [clash] })]]);
    expect(() => declaredOptions(broken)).toThrow(/declared differently/);
  });

  it('the tests give a new encoding its options with no edit in test support (test/support/encoding.ts)', () => {
    const depth = integerOption({ name: 'depth', valueName: 'd', minimum: 0, defaultValue: 4, help: 'a depth' });
    const trivial = fakeEncoder({ name: 'trivial', options: [depth, ...bmcEncoder.options] });
    const settings = (encoder: Encoder, options: TestOptions) =>
      Object.fromEntries(encodingOptionsFor(encoder, options).settings);
    // its own options by its name, the shared ones it declares, nothing it does not declare
    const options: TestOptions = {
      semantics: 'int',
      timeoutMilliseconds: 1000,
      unwind: 7,
      encodings: { bmc: { unwind: 5 } },
    };
    expect(settings(trivial, { ...options, encodings: { trivial: { depth: 2 } } })).toEqual({ depth: 2, unwind: 7 });
    expect(settings(bmcEncoder, options)).toEqual({ unwind: 5 });
    expect(settings(encoders.get('chc')!, options)).toEqual({});
    // a registered encoding keeps its default where its own record says undefined
    expect(settings(encoders.get('accel')!, { ...options, encodings: { accel: { unwind: undefined } } })).toEqual({});
    // a misspelt encoding or option is an error, not a silently ignored setting
    expect(() => encodingOptionsFor(bmcEncoder, { ...options, encodings: { bnc: { unwind: 5 } } })).toThrow(
      /not a registered encoding/,
    );
    expect(() => encodingOptionsFor(bmcEncoder, { ...options, encodings: { bmc: { unwinding: 5 } } })).toThrow(
      /does not declare/,
    );
  });
});
