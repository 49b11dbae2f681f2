// Semantics of the concrete interpreter on hand-built IR programs.

import { describe, expect, it } from 'vitest';
import {
  boolType,
  createArrayFill,
  createArrayHavoc,
  createArrayWrite,
  createAssert,
  createAssign,
  createAssume,
  createBreak,
  createCast,
  createContinue,
  createHavoc,
  createIf,
  createLoop,
  intType,
  unsignedCharType,
  unsignedIntType,
} from '../../src/ir/factory.js';
import { cellKey, cellKey2 } from '../../src/interp/arrays.js';
import { replayCounterexample, runProgram, type RunOutcome } from '../../src/interp/interpreter.js';
import { createCounterexampleSource, createRandomSource, createRecordingSource } from '../../src/interp/sources.js';
import type { Program, Semantics, Statement } from '../../src/ir/types.js';
import type { Counterexample } from '../../src/verdict.js';
import { at, binary, constant, IrBuilder, read, variable } from '../generators/ir.js';

const noInput: Counterexample = { scalars: [], arrays: [] };

function run(program: Program, semantics: Semantics, input: Counterexample = noInput, maxSteps = 10_000): RunOutcome {
  return runProgram(program, { semantics, nondet: createCounterexampleSource(input), maxSteps });
}

/** a program whose body ends with assert(x == expected) after `statements` */
function checkValue(
  build: (builder: IrBuilder) => { statements: Statement[]; observed: ReturnType<typeof variable> },
  expected: bigint,
) {
  const builder = new IrBuilder();
  const { statements, observed } = build(builder);
  return builder.program([
    ...statements,
    createAssert(binary('equal', observed, constant(expected, observed.type), intType), at(99)),
  ]);
}

describe('interpreter', () => {
  it('int semantics does not overflow, bv semantics wraps', () => {
    const builder = new IrBuilder();
    const x = builder.scalar('x');
    const program = builder.program([
      createAssign(x, constant(2147483647), at(1)),
      createAssign(x, binary('add', variable(x), constant(1)), at(2)),
      createAssert(binary('greater', variable(x), constant(0)), at(3)),
    ]);
    expect(run(program, 'int').kind).toBe('completed');
    const bv = run(program, 'bv');
    expect(bv.kind).toBe('assertionFailed');
    if (bv.kind === 'assertionFailed') expect(bv.location).toEqual(at(3));
  });

  it('divides like C and stops on division by zero', () => {
    const divided = checkValue((builder) => {
      const x = builder.scalar('x');
      return {
        statements: [createAssign(x, binary('divide', constant(-7), constant(2)), at(1))],
        observed: variable(x),
      };
    }, -3n);
    expect(run(divided, 'int').kind).toBe('completed');
    expect(run(divided, 'bv').kind).toBe('completed');
    const remainder = checkValue((builder) => {
      const x = builder.scalar('x');
      return {
        statements: [createAssign(x, binary('remainder', constant(-7), constant(2)), at(1))],
        observed: variable(x),
      };
    }, -1n);
    expect(run(remainder, 'int').kind).toBe('completed');

    const builder = new IrBuilder();
    const x = builder.scalar('x');
    const zero = builder.program([createAssign(x, binary('divide', constant(1), variable(x)), at(4))]);
    const outcome = run(zero, 'int');
    expect(outcome.kind).toBe('undefinedBehaviour');
    if (outcome.kind === 'undefinedBehaviour') expect(outcome.location).toEqual(at(4));
  });

  it('short-circuits && so the guarded division is not evaluated', () => {
    const builder = new IrBuilder();
    const x = builder.scalar('x');
    const program = builder.program([
      createAssert(
        binary(
          'logicalOr',
          binary('equal', variable(x), constant(0)),
          binary('greater', binary('divide', constant(1), variable(x)), constant(-5)),
        ),
        at(1),
      ),
    ]);
    expect(run(program, 'int').kind).toBe('completed');
  });

  it('treats negative and too wide shift counts as undefined behaviour', () => {
    for (const count of [-1n, 32n]) {
      const builder = new IrBuilder();
      const x = builder.scalar('x');
      const program = builder.program([createAssign(x, binary('shiftLeft', constant(1), constant(count)), at(1))]);
      expect(run(program, 'int').kind).toBe('undefinedBehaviour');
      expect(run(program, 'bv').kind).toBe('undefinedBehaviour');
    }
    const shifted = checkValue((builder) => {
      const x = builder.scalar('x');
      return {
        statements: [createAssign(x, binary('shiftRight', constant(-9), constant(1)), at(1))],
        observed: variable(x),
      };
    }, -5n);
    expect(run(shifted, 'int').kind).toBe('completed');
    expect(run(shifted, 'bv').kind).toBe('completed');
  });

  it('casts truncate in bv, are the identity in int, and _Bool is x != 0 in both', () => {
    const truncated = (expected: bigint) =>
      checkValue((builder) => {
        const x = builder.scalar('x', unsignedCharType);
        const y = builder.scalar('y');
        return {
          statements: [
            createAssign(x, createCast(constant(300), unsignedCharType), at(1)),
            createAssign(y, createCast(variable(x), intType), at(2)),
          ],
          observed: variable(y),
        };
      }, expected);
    expect(run(truncated(44n), 'bv').kind).toBe('completed');
    expect(run(truncated(300n), 'int').kind).toBe('completed');
    const boolean = checkValue((builder) => {
      const b = builder.scalar('b', boolType);
      const y = builder.scalar('y');
      return {
        statements: [
          createAssign(b, createCast(constant(256), boolType), at(1)),
          createAssign(y, createCast(variable(b), intType), at(2)),
        ],
        observed: variable(y),
      };
    }, 1n);
    expect(run(boolean, 'bv').kind).toBe('completed');
    expect(run(boolean, 'int').kind).toBe('completed');
    const unsignedWrap = checkValue((builder) => {
      const u = builder.scalar('u', unsignedIntType);
      return {
        statements: [
          createAssign(u, binary('subtract', constant(0, unsignedIntType), constant(1, unsignedIntType)), at(1)),
        ],
        observed: variable(u),
      };
    }, 4294967295n);
    expect(run(unsignedWrap, 'bv').kind).toBe('completed');
    expect(run(unsignedWrap, 'int').kind).toBe('assertionFailed');
  });

  it('checks havoc values against the type and reports exhausted input', () => {
    const builder = new IrBuilder();
    const c = builder.scalar('c', unsignedCharType);
    const program = builder.program([
      createHavoc(c, at(1)),
      createAssert(binary('less', variable(c), constant(200, unsignedCharType)), at(2)),
    ]);
    expect(run(program, 'int', { scalars: [300n], arrays: [] }).kind).toBe('invalidInput');
    expect(run(program, 'int', { scalars: [-1n], arrays: [] }).kind).toBe('invalidInput');
    expect(run(program, 'int', noInput).kind).toBe('inputExhausted');
    expect(run(program, 'int', { scalars: [199n], arrays: [] }).kind).toBe('completed');
    const failed = run(program, 'bv', { scalars: [255n], arrays: [] });
    expect(failed.kind).toBe('assertionFailed');
    if (failed.kind === 'assertionFailed') {
      expect(failed.consumed.scalars).toEqual([255n]);
      expect(replayCounterexample(program, failed.consumed, 'bv').kind).toBe('assertionFailed');
    }
  });

  it('ends the run silently on a failed assume', () => {
    const builder = new IrBuilder();
    const x = builder.scalar('x');
    const program = builder.program([
      createHavoc(x, at(1)),
      createAssume(binary('greater', variable(x), constant(0)), at(2)),
      createAssert(binary('greater', variable(x), constant(0)), at(3)),
    ]);
    const outcome = run(program, 'int', { scalars: [-4n], arrays: [] });
    expect(outcome).toEqual({ kind: 'assumptionFailed', location: at(2), steps: 2 });
  });

  it('treats arrays as total maps and fills replace the whole content', () => {
    const builder = new IrBuilder();
    const a = builder.array('a', [3n]);
    const program = builder.program([
      createArrayFill(a, constant(7), at(1)),
      createArrayWrite(a, [constant(5)], constant(1), at(2)),
      createArrayWrite(a, [constant(-2)], constant(2), at(3)),
      createAssert(binary('equal', read(a, constant(5)), constant(1)), at(4)),
      createAssert(binary('equal', read(a, constant(-2)), constant(2)), at(5)),
      createAssert(binary('equal', read(a, constant(1000)), constant(7)), at(6)),
      createArrayFill(a, constant(0), at(7)),
      createAssert(binary('equal', read(a, constant(5)), constant(0)), at(8)),
      createAssert(binary('equal', read(a, constant(0)), constant(1)), at(9)),
    ]);
    const outcome = run(program, 'int');
    expect(outcome.kind).toBe('assertionFailed');
    if (outcome.kind === 'assertionFailed') expect(outcome.location).toEqual(at(9));
  });

  it('keys multi-dimensional havocs row-major and keeps out-of-range tuples apart', () => {
    const builder = new IrBuilder();
    const m = builder.array('m', [2n, 3n]);
    const program = builder.program([
      createArrayHavoc(m, at(1)),
      createAssert(binary('equal', read(m, constant(1), constant(2)), constant(42)), at(2)),
      createAssert(binary('equal', read(m, constant(0), constant(0)), constant(-1)), at(3)),
      createArrayWrite(m, [constant(0), constant(3)], constant(5), at(4)),
      createAssert(binary('equal', read(m, constant(1), constant(0)), constant(-1)), at(5)),
      createAssert(binary('equal', read(m, constant(0), constant(3)), constant(5)), at(6)),
    ]);
    const input: Counterexample = { scalars: [], arrays: [{ defaultValue: -1n, entries: new Map([[5n, 42n]]) }] };
    expect(run(program, 'int', input).kind).toBe('completed');
    expect(run(program, 'bv', input).kind).toBe('completed');
    const invalid: Counterexample = { scalars: [], arrays: [{ defaultValue: 2n ** 40n, entries: new Map() }] };
    expect(run(program, 'bv', invalid).kind).toBe('invalidInput');
  });

  it('runs loops with break, continue and update', () => {
    // for (i = 0; i < 10; i++) { if (i == 7) break; if (i % 2) continue; s = s + i; }  => s = 0+2+4+6 = 12
    const builder = new IrBuilder();
    const i = builder.scalar('i');
    const s = builder.scalar('s');
    const program = builder.program([
      createAssign(i, constant(0), at(1)),
      createAssign(s, constant(0), at(1)),
      createLoop(
        0,
        binary('less', variable(i), constant(10)),
        [
          createIf(binary('equal', variable(i), constant(7)), [createBreak(at(2))], [], at(2)),
          createIf(binary('remainder', variable(i), constant(2)), [createContinue(at(3))], [], at(3)),
          createAssign(s, binary('add', variable(s), variable(i)), at(4)),
        ],
        [createAssign(i, binary('add', variable(i), constant(1)), at(1))],
        at(1),
      ),
      createAssert(binary('equal', variable(s), constant(12)), at(5)),
      createAssert(binary('equal', variable(i), constant(7)), at(6)),
    ]);
    expect(run(program, 'int').kind).toBe('completed');
    expect(run(program, 'bv').kind).toBe('completed');
  });

  it('stops at the step limit', () => {
    const builder = new IrBuilder();
    const x = builder.scalar('x');
    const program = builder.program([
      createLoop(0, constant(1), [createAssign(x, binary('add', variable(x), constant(1)), at(2))], [], at(1)),
    ]);
    expect(run(program, 'int', noInput, 1000)).toEqual({ kind: 'stepLimitReached', steps: 1000 });
  });

  it('replays what a random source produced, through a recording source', () => {
    const builder = new IrBuilder();
    const x = builder.scalar('x');
    const a = builder.array('a', [4n]);
    const program = builder.program([
      createHavoc(x, at(1)),
      createArrayHavoc(a, at(2)),
      createAssert(binary('notEqual', binary('add', variable(x), read(a, constant(2))), constant(3)), at(3)),
    ]);
    let failures = 0;
    for (let seed = 0; seed < 300; seed++) {
      const recording = createRecordingSource(createRandomSource({ seed, domain: [0n, 1n, 2n, 3n] }));
      const outcome = runProgram(program, { semantics: 'bv', nondet: recording, maxSteps: 100 });
      const replayed = replayCounterexample(program, recording.counterexample(), 'bv');
      expect(replayed.kind).toBe(outcome.kind);
      if (outcome.kind === 'assertionFailed') {
        failures++;
        expect(outcome.consumed).toEqual(recording.counterexample());
      }
    }
    expect(failures).toBeGreaterThan(10);
    expect(failures).toBeLessThan(290);
  });
});

describe('array cell keys', () => {
  it('flattens in-range tuples row-major and keeps out-of-range tuples distinct', () => {
    expect(cellKey([1, 2], [2, 3])).toBe(5);
    expect(cellKey2(1, 2, 2, 3)).toBe(5);
    expect(cellKey([1, 0, 1], [2, 2, 2])).toBe(5);
    expect(cellKey([0, 3], [2, 3])).not.toBe(cellKey([1, 0], [2, 3]));
    expect(cellKey2(0, 3, 2, 3)).toBe(cellKey([0, 3], [2, 3]));
    expect(cellKey2(-1, 0, 2, 3)).not.toBe(cellKey2(0, -3, 2, 3));
    expect(cellKey([7], [3])).toBe(7);
    expect(cellKey2(2n ** 60n, 0, 2n ** 61n, 4)).toBe(2n ** 62n);
  });
});
