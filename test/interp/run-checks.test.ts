// The step checkpoint of src/interp/run-checks.ts in both interpreter back ends: a run with a
// deadline stops soon after it whatever its step allowance (a synchronous run holds the JavaScript
// thread, so nothing else could stop it), with the step limit's outcome kind marked `byDeadline`;
// and the checkpoints change nothing about where a step limit stops a run.
//
// No wall-time flakiness: the assertions are the outcome (kind, the mark, far fewer steps than
// allowed) and a bound on the elapsed time many times the deadline's distance.

import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { createArrayFill, createAssign, createLoop } from '../../src/ir/factory.js';
import { compileProgram } from '../../src/interp/compile.js';
import { compileProgramToJavaScript } from '../../src/interp/codegen.js';
import { describeOutcome, replayCounterexample } from '../../src/interp/interpreter.js';
import { clockCheckInterval } from '../../src/interp/run-checks.js';
import type { CompiledProgram } from '../../src/interp/run-types.js';
import { createCounterexampleSource } from '../../src/interp/sources.js';
import type { Program, Semantics } from '../../src/ir/types.js';
import { at, binary, constant, IrBuilder, variable } from '../generators/ir.js';

const noInput = { scalars: [], arrays: [] };
const semanticsList: readonly Semantics[] = ['int', 'bv'];

/** while (1) { x = x + 1; } after x = 0, or the same loop nested in an outer endless loop */
function endless(nested: boolean): Program {
  const builder = new IrBuilder();
  const x = builder.scalar('x');
  const inner = createLoop(
    0,
    constant(1),
    [createAssign(x, binary('add', variable(x), constant(1)), at(3))],
    [],
    at(2),
  );
  return builder.program([
    createAssign(x, constant(0), at(1)),
    nested ? createLoop(1, constant(1), [inner], [], at(4)) : inner,
  ]);
}

/** i = 0; while (i < count) i = i + 1;  takes 1 + (count + 1) + count steps */
function counting(count: number): Program {
  const builder = new IrBuilder();
  const i = builder.scalar('i');
  return builder.program([
    createAssign(i, constant(0), at(1)),
    createLoop(
      0,
      binary('less', variable(i), constant(count)),
      [],
      [createAssign(i, binary('add', variable(i), constant(1)), at(3))],
      at(2),
    ),
  ]);
}

/** a huge allowance: seconds to a minute of steps (without the deadline the test fails instead of hanging) */
const hugeAllowance = 4_000_000_000;

function backends(program: Program, semantics: Semantics): [string, CompiledProgram][] {
  const generated = compileProgramToJavaScript(program, semantics);
  if (generated === undefined) throw new Error('the generated-code back end refused a small program');
  return [
    ['closures', compileProgram(program, semantics, { backend: 'closures' })],
    ['javascript', generated],
  ];
}

describe('the deadline of a run', () => {
  for (const nested of [false, true]) {
    it(`stops an endless loop with a huge step allowance soon after the deadline (${nested ? 'nested' : 'one'} loop)`, () => {
      for (const semantics of semanticsList) {
        for (const [name, compiled] of backends(endless(nested), semantics)) {
          const started = performance.now();
          const { outcome } = compiled.run(createCounterexampleSource(noInput), hugeAllowance, started + 100);
          const elapsed = performance.now() - started;
          expect(outcome, `${name} ${semantics}`).toMatchObject({ kind: 'stepLimitReached', byDeadline: true });
          expect(outcome.steps, `${name} ${semantics}`).toBeGreaterThan(0);
          expect(outcome.steps, `${name} ${semantics}`).toBeLessThan(hugeAllowance / 2);
          // the deadline is 100 ms away; a clock read every 65,536 steps is far less than a second late
          expect(elapsed, `${name} ${semantics}`).toBeGreaterThanOrEqual(99);
          expect(elapsed, `${name} ${semantics}`).toBeLessThan(5_000);
        }
      }
    }, 60_000);
  }

  it('stops a loop of fills of many cells (one step each, long work) soon after the deadline', () => {
    // while (1) { fill a with x; x = x + 1; }  over 200,000 cells: 65,536 steps would be minutes of fills
    const builder = new IrBuilder();
    const x = builder.scalar('x');
    const a = builder.array('a', [200_000n]);
    const program = builder.program([
      createLoop(
        0,
        constant(1),
        [createArrayFill(a, variable(x), at(3)), createAssign(x, binary('add', variable(x), constant(1)), at(4))],
        [],
        at(2),
      ),
    ]);
    for (const semantics of semanticsList) {
      const outcomes = backends(program, semantics).map(([name, compiled]) => {
        const started = performance.now();
        const { outcome } = compiled.run(createCounterexampleSource(noInput), 1_000_000, started + 100);
        expect(performance.now() - started, `${name} ${semantics}`).toBeLessThan(5_000);
        expect(outcome, `${name} ${semantics}`).toMatchObject({ kind: 'stepLimitReached', byDeadline: true });
        return outcome;
      });
      // stopped before a fill: the steps before it, the fill's own not counted
      for (const outcome of outcomes) expect(outcome.steps % 3, JSON.stringify(outcome)).toBe(1);
    }
  }, 60_000);

  it('stops at the first step once the deadline has passed, with the same outcome in both back ends', () => {
    for (const semantics of semanticsList) {
      const outcomes = backends(endless(false), semantics).map(
        ([, compiled]) => compiled.run(createCounterexampleSource(noInput), 1_000_000, performance.now() - 1).outcome,
      );
      expect(outcomes[0]).toEqual({ kind: 'stepLimitReached', steps: 0, byDeadline: true });
      expect(outcomes[1]).toEqual(outcomes[0]);
    }
  });

  it('replays through runProgram with the deadline and describes the stop', () => {
    const outcome = replayCounterexample(endless(true), noInput, 'bv', hugeAllowance, performance.now() + 20);
    expect(outcome).toMatchObject({ kind: 'stepLimitReached', byDeadline: true });
    expect(describeOutcome(outcome)).toMatch(/^deadline reached after \d+ steps$/);
  });

  it('a run that ends before its deadline is not affected by it', () => {
    for (const semantics of semanticsList) {
      for (const [name, compiled] of backends(counting(200_000), semantics)) {
        const run = compiled.run(createCounterexampleSource(noInput), 10_000_000, performance.now() + 600_000);
        expect(run.outcome, name).toEqual({ kind: 'completed', steps: 400_002 });
      }
    }
  });
});

describe('the step limit at checkpoints', () => {
  it('stops exactly at the limit around and past the clock-check interval, as without checkpoints', () => {
    const total = 2 * clockCheckInterval + 10;
    const program = counting(clockCheckInterval); // 2 * interval + 2 steps
    for (const semantics of semanticsList) {
      for (const [name, compiled] of backends(program, semantics)) {
        for (const limit of [
          clockCheckInterval - 1,
          clockCheckInterval,
          clockCheckInterval + 1,
          2 * clockCheckInterval + 1,
        ])
          expect(compiled.run(createCounterexampleSource(noInput), limit).outcome, `${name} ${limit}`).toEqual({
            kind: 'stepLimitReached',
            steps: limit,
          });
        for (const limit of [2 * clockCheckInterval + 2, total])
          expect(compiled.run(createCounterexampleSource(noInput), limit).outcome, `${name} ${limit}`).toEqual({
            kind: 'completed',
            steps: 2 * clockCheckInterval + 2,
          });
      }
    }
  });
});
