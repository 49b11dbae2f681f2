// Exhaustive exploration over a small domain, and the IR printer.

import { describe, expect, it } from 'vitest';
import {
  createArrayHavoc,
  createArrayWrite,
  createAssert,
  createAssign,
  createAssume,
  createCast,
  createConditional,
  createHavoc,
  createIf,
  createLoop,
  createUnary,
  unsignedCharType,
} from '../../src/ir/factory.js';
import { exploreAll } from '../../src/interp/explore.js';
import { replayCounterexample } from '../../src/interp/interpreter.js';
import { printExpression, printProgram } from '../../src/ir/print.js';
import { at, binary, constant, IrBuilder, read, variable } from '../generators/ir.js';

const domain = [-2n, -1n, 0n, 1n, 2n];

describe('exploreAll', () => {
  it('finds a failing choice and the counterexample replays', () => {
    const builder = new IrBuilder();
    const x = builder.scalar('x');
    const y = builder.scalar('y');
    const program = builder.program([
      createHavoc(x, at(1)),
      createHavoc(y, at(2)),
      createAssert(binary('notEqual', binary('multiply', variable(x), variable(y)), constant(-4)), at(3)),
    ]);
    const result = exploreAll(program, { semantics: 'int', domain, maxRuns: 1000, maxSteps: 100 });
    expect(result.kind).toBe('failureFound');
    if (result.kind === 'failureFound') {
      const [first, second] = result.counterexample.scalars;
      expect(first! * second!).toBe(-4n);
      expect(replayCounterexample(program, result.counterexample, 'int').kind).toBe('assertionFailed');
    }
  });

  it('enumerates every scalar choice and reports completeness', () => {
    const builder = new IrBuilder();
    const x = builder.scalar('x');
    const y = builder.scalar('y');
    const program = builder.program([
      createHavoc(x, at(1)),
      createIf(binary('greater', variable(x), constant(0)), [createHavoc(y, at(2))], [], at(2)),
      createAssert(binary('lessEqual', binary('add', variable(x), variable(y)), constant(4)), at(3)),
    ]);
    const result = exploreAll(program, { semantics: 'int', domain, maxRuns: 1000, maxSteps: 100 });
    // x <= 0: 3 runs; x in {1, 2}: 5 runs each
    expect(result).toEqual({ kind: 'noFailure', runs: 13, complete: true, incompleteReasons: [] });
    const limited = exploreAll(program, { semantics: 'int', domain, maxRuns: 5, maxSteps: 100 });
    expect(limited.kind === 'noFailure' && !limited.complete).toBe(true);
  });

  it('only uses domain values that fit the type', () => {
    const builder = new IrBuilder();
    const c = builder.scalar('c', unsignedCharType);
    const program = builder.program([
      createHavoc(c, at(1)),
      createAssert(binary('lessEqual', variable(c), constant(2, unsignedCharType)), at(2)),
    ]);
    expect(exploreAll(program, { semantics: 'bv', domain, maxRuns: 100, maxSteps: 100 })).toEqual({
      kind: 'noFailure',
      runs: 3,
      complete: true,
      incompleteReasons: [],
    });
  });

  it('enumerates small arrays cell by cell and flags larger ones and unenumerated cells', () => {
    const builder = new IrBuilder();
    const a = builder.array('a', [3n]);
    const program = builder.program([
      createArrayHavoc(a, at(1)),
      createAssert(
        binary(
          'logicalOr',
          binary('notEqual', read(a, constant(0)), constant(2)),
          binary('notEqual', read(a, constant(2)), constant(-2)),
        ),
        at(2),
      ),
    ]);
    const found = exploreAll(program, { semantics: 'int', domain, maxRuns: 1000, maxSteps: 100 });
    expect(found.kind).toBe('failureFound');
    if (found.kind === 'failureFound')
      expect(replayCounterexample(program, found.counterexample, 'int').kind).toBe('assertionFailed');

    const safe = builder.program([
      createArrayHavoc(a, at(1)),
      createAssert(binary('lessEqual', read(a, constant(1)), constant(2)), at(2)),
    ]);
    expect(exploreAll(safe, { semantics: 'int', domain, maxRuns: 1000, maxSteps: 100 })).toEqual({
      kind: 'noFailure',
      runs: 125,
      complete: true,
      incompleteReasons: [],
    });
    const outside = builder.program([
      createArrayHavoc(a, at(1)),
      createAssert(binary('lessEqual', read(a, constant(3)), constant(2)), at(2)),
    ]);
    const outsideResult = exploreAll(outside, { semantics: 'int', domain, maxRuns: 1000, maxSteps: 100 });
    expect(outsideResult.kind === 'noFailure' && !outsideResult.complete).toBe(true);

    const bigBuilder = new IrBuilder();
    const big = bigBuilder.array('big', [7n]);
    const bigProgram = bigBuilder.program([
      createArrayHavoc(big, at(1)),
      createAssert(binary('lessEqual', read(big, constant(1)), constant(2)), at(2)),
    ]);
    const bigResult = exploreAll(bigProgram, { semantics: 'int', domain, maxRuns: 1000, maxSteps: 100 });
    expect(bigResult.kind === 'noFailure' && !bigResult.complete && bigResult.runs === 5).toBe(true);
  });

  it('reports undefined behaviour and step limits', () => {
    const builder = new IrBuilder();
    const x = builder.scalar('x');
    const y = builder.scalar('y');
    const program = builder.program([
      createHavoc(x, at(1)),
      createAssign(y, binary('divide', constant(10), variable(x)), at(2)),
    ]);
    const result = exploreAll(program, { semantics: 'int', domain, maxRuns: 100, maxSteps: 100 });
    expect(result.kind).toBe('undefinedBehaviour');
    if (result.kind === 'undefinedBehaviour') expect(result.counterexample.scalars).toEqual([0n]);

    const looping = builder.program([
      createHavoc(x, at(1)),
      createLoop(0, binary('greater', variable(x), constant(0)), [], [], at(2)),
    ]);
    const limited = exploreAll(looping, { semantics: 'int', domain, maxRuns: 100, maxSteps: 50 });
    expect(limited.kind === 'noFailure' && !limited.complete && limited.runs === 5).toBe(true);
  });
});

describe('printer', () => {
  it('prints expressions with the parentheses C needs', () => {
    const builder = new IrBuilder();
    const x = builder.scalar('x');
    const a = builder.array('a', [4n]);
    const sum = binary('add', variable(x), constant(1));
    expect(printExpression(binary('multiply', sum, constant(2)))).toBe('(x + 1) * 2');
    expect(printExpression(binary('subtract', variable(x), binary('subtract', variable(x), constant(1))))).toBe(
      'x - (x - 1)',
    );
    expect(printExpression(binary('subtract', binary('subtract', variable(x), constant(1)), variable(x)))).toBe(
      'x - 1 - x',
    );
    expect(printExpression(createUnary('negate', constant(-1)))).toBe('- -1');
    expect(printExpression(createCast(sum, unsignedCharType))).toBe('(unsigned char)(x + 1)');
    expect(
      printExpression(createConditional(binary('less', variable(x), constant(0)), read(a, variable(x)), constant(0))),
    ).toBe('x < 0 ? a[x] : 0');
  });

  it('prints a program with declarations, loops and pseudo-calls', () => {
    const builder = new IrBuilder();
    const i = builder.scalar('i');
    const a = builder.array('a', [4n]);
    const program = builder.program([
      createHavoc(i, at(1)),
      createAssume(binary('greaterEqual', variable(i), constant(0)), at(2)),
      createLoop(
        0,
        binary('less', variable(i), constant(4)),
        [createArrayWrite(a, [variable(i)], constant(0), at(3))],
        [createAssign(i, binary('add', variable(i), constant(1)), at(3))],
        at(3),
      ),
      createAssert(binary('equal', read(a, constant(0)), constant(0)), at(4)),
    ]);
    expect(printProgram(program)).toBe(
      [
        '// test.c (ILP32)',
        'int i;',
        'int a[4];',
        'main() {',
        '  i = havoc(); // any int',
        '  assume(i >= 0);',
        '  while (i < 4) { // loop 0, line 3',
        '    a[i] = 0;',
        '  } update {',
        '    i = i + 1;',
        '  }',
        '  assert(a[0] == 0); // line 4',
        '}',
        '',
      ].join('\n'),
    );
  });
});
