// Differential test of the generated-JavaScript backend (src/interp/codegen.ts) against the closure
// compiler (src/interp/compile.ts, the reference): on the SV-COMP corpus with seeded random choices,
// on random C programs of the program generator, on random (also ill-typed) IR programs with every
// operator, type and statement kind, and on hand-picked edge cases, both backends must produce the
// same run: outcome kind, location, reason, steps, consumed choices and nondeterministicDefaultRead.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSource } from '../../src/frontend/read-source.js';
import { parseTranslationUnit } from '../../src/frontend/parse.js';
import { lowerTranslationUnit } from '../../src/ir/lower/index.js';
import {
  boolType,
  charType,
  createArrayFill,
  createArrayHavoc,
  createArrayRead,
  createArrayWrite,
  createAssert,
  createAssign,
  createAssume,
  createBinary,
  createBreak,
  createCast,
  createConditional,
  createConstant,
  createContinue,
  createHavoc,
  createIf,
  createLoop,
  createUnary,
  int128Type,
  intType,
  longLongType,
  shortType,
  unsignedCharType,
  unsignedIntType,
  unsignedLongLongType,
  unsignedShortType,
} from '../../src/ir/factory.js';
import type {
  ArrayVariable,
  BinaryOperator,
  Block,
  Expression,
  IntegerType,
  Program,
  ScalarVariable,
  Semantics,
  Statement,
  UnaryOperator,
} from '../../src/ir/types.js';
import { compileProgram, type CompiledRun } from '../../src/interp/compile.js';
import {
  codegenLoopNodeLimit,
  codegenNodeLimit,
  compileProgramToJavaScript,
  generateProgramSource,
  measureProgram,
} from '../../src/interp/codegen.js';
import type { NondetSource } from '../../src/interp/interpreter.js';
import { createCounterexampleSource, createRandomSource } from '../../src/interp/sources.js';
import type { Counterexample } from '../../src/verdict.js';
import { arbitraryProgram } from '../generators/programs.js';
import { at, binary, constant, IrBuilder, read, variable } from '../generators/ir.js';
import { lowerSource } from '../soundness/harness.js';
import { corpus, corpusTasks, type CorpusTask } from '../corpus/corpus.js';
import { describeWith } from '../support/requirements.js';

const semanticsList: readonly Semantics[] = ['int', 'bv'];

function generated(program: Program, semantics: Semantics) {
  const compiled = compileProgramToJavaScript(program, semantics);
  if (compiled === undefined) throw new Error('program too large for codegen');
  return compiled;
}

/** both backends on fresh sources from `makeSource`; returns the (equal) run */
function compareBackends(
  program: Program,
  semantics: Semantics,
  makeSource: () => NondetSource,
  maxSteps: number,
  context = '',
): CompiledRun {
  const reference = compileProgram(program, semantics, { backend: 'closures' }).run(makeSource(), maxSteps);
  const candidate = generated(program, semantics).run(makeSource(), maxSteps);
  expect(candidate, `${semantics} ${context}`).toEqual(reference);
  return reference;
}

/** a random run compared, then (unless `limits` is false) its step limit one below and at its length, and its replay */
function compareThoroughly(
  program: Program,
  semantics: Semantics,
  seed: number,
  domain: readonly bigint[] | undefined,
  maxSteps: number,
  context = '',
  limits = true,
): CompiledRun {
  const random = () => createRandomSource({ seed, domain, maxArrayCells: 16 });
  const run = compareBackends(program, semantics, random, maxSteps, context);
  const steps = run.outcome.kind === 'stepLimitReached' ? maxSteps : run.outcome.steps;
  if (limits && steps > 0) compareBackends(program, semantics, random, steps - 1, `${context} limit ${steps - 1}`);
  if (limits && steps < maxSteps) compareBackends(program, semantics, random, steps, `${context} limit ${steps}`);
  if (run.outcome.kind === 'assertionFailed') {
    const consumed = run.outcome.consumed;
    const replay = compareBackends(
      program,
      semantics,
      () => createCounterexampleSource(consumed),
      maxSteps,
      `${context} replay`,
    );
    expect(replay.outcome.kind).toBe('assertionFailed');
  }
  return run;
}

// ---------------------------------------------------------------- corpus

const tasks: CorpusTask[] = corpus.available ? corpusTasks() : [];

function lowerTask(task: CorpusTask): Program | undefined {
  const path = task.path;
  const dataModel = task.dataModel;
  const read = readSource(path, { dataModel });
  if (read.kind !== 'preprocessed') return undefined;
  const parsed = parseTranslationUnit(read.source.text, path);
  if (parsed.kind !== 'parsed') return undefined;
  const lowered = lowerTranslationUnit(parsed.unit, path, { dataModel });
  return lowered.kind === 'lowered' ? lowered.program : undefined;
}

describeWith([corpus], 'generated code agrees with the closures on the SV-COMP array corpus', () => {
  const kinds = new Map<string, number>();
  it.each(tasks.map((task) => [task.file, task] as const))('%s', (_file, task) => {
    const program = lowerTask(task);
    if (program === undefined) return; // not accepted by the frontend or lowering: nothing to run
    expect(measureProgram(program).nodes).toBeLessThanOrEqual(codegenNodeLimit);
    for (const semantics of semanticsList) {
      for (const [seed, domain] of [
        [0, [0n, 1n, -1n, 2n, 5n]],
        [1, undefined],
        [2, [0n, 1n]],
      ] as const) {
        const run = compareThoroughly(program, semantics, seed, domain, 20_000, `seed ${seed}`, seed === 0);
        kinds.set(run.outcome.kind, (kinds.get(run.outcome.kind) ?? 0) + 1);
      }
    }
  });
  it('covered several outcome kinds', () => {
    // the corpus runs above must have exercised completion, failed assumptions and the step limit (random
    // runs rarely falsify a corpus task: failed assertions are covered by the generated programs below)
    if (kinds.size === 0) return; // this test ran alone
    console.log('corpus outcome kinds:', Object.fromEntries(kinds));
    for (const kind of ['completed', 'stepLimitReached', 'assumptionFailed'])
      expect(kinds.get(kind) ?? 0).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------- generated C programs

describe('generated code agrees with the closures on generated C programs', () => {
  it('random programs of the program generator, several seeds, both semantics', () => {
    fc.assert(
      fc.property(arbitraryProgram(), fc.nat(1000), (generatedProgram, seed) => {
        const program = lowerSource(generatedProgram.source);
        for (const semantics of semanticsList) {
          for (let offset = 0; offset < 4; offset++) {
            compareThoroughly(
              program,
              semantics,
              seed + offset,
              [-2n, -1n, 0n, 1n, 2n],
              20_000,
              generatedProgram.source,
            );
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});

// ---------------------------------------------------------------- random IR programs

const types: readonly IntegerType[] = [
  boolType,
  charType,
  unsignedCharType,
  shortType,
  unsignedShortType,
  intType,
  unsignedIntType,
  longLongType,
  unsignedLongLongType,
  int128Type,
];
const interestingValues: readonly bigint[] = [
  0n,
  1n,
  -1n,
  2n,
  3n,
  -7n,
  7n,
  8n,
  15n,
  16n,
  31n,
  32n,
  33n,
  63n,
  64n,
  127n,
  128n,
  -128n,
  255n,
  256n,
  65535n,
  65536n,
  2n ** 31n - 1n,
  2n ** 31n,
  -(2n ** 31n),
  2n ** 32n - 1n,
  2n ** 32n,
  2n ** 53n - 1n,
  2n ** 53n,
  -(2n ** 53n) + 1n,
  -(2n ** 53n),
  2n ** 63n - 1n,
  -(2n ** 63n),
  2n ** 64n - 1n,
  2n ** 64n,
  2n ** 100n,
  -(2n ** 127n),
];
const unaryOperators: readonly UnaryOperator[] = ['negate', 'bitwiseNot', 'logicalNot'];
const binaryOperators: readonly BinaryOperator[] = [
  'add',
  'subtract',
  'multiply',
  'divide',
  'remainder',
  'shiftLeft',
  'shiftRight',
  'bitwiseAnd',
  'bitwiseOr',
  'bitwiseXor',
  'less',
  'lessEqual',
  'greater',
  'greaterEqual',
  'equal',
  'notEqual',
  'logicalAnd',
  'logicalOr',
];

interface Universe {
  readonly scalars: readonly ScalarVariable[];
  readonly arrays: readonly ArrayVariable[];
}

function universe(
  scalarTypes: readonly IntegerType[],
  elementTypes: readonly IntegerType[],
): { builder: IrBuilder } & Universe {
  const builder = new IrBuilder();
  const scalars = scalarTypes.map((type, index) => builder.scalar(`x${index}`, type));
  const arrays = [
    builder.array('a', [4n], elementTypes[0]),
    builder.array('b', [3n, 2n], elementTypes[1]),
    builder.array('c', [2n, 2n, 2n], elementTypes[2]),
  ];
  return { builder, scalars, arrays };
}

function arbitraryExpression(world: Universe): fc.Arbitrary<Expression> {
  const type = fc.constantFrom(...types);
  const { expression } = fc.letrec<{ expression: Expression }>((tie) => ({
    expression: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc
        .tuple(fc.oneof(fc.constantFrom(...interestingValues), fc.bigInt(-(2n ** 70n), 2n ** 70n)), type)
        .map(([value, constantType]) => createConstant(value, constantType)),
      fc.constantFrom(...world.scalars).map((scalar) => variable(scalar)),
      fc
        .tuple(fc.constantFrom(...world.arrays), fc.array(tie('expression'), { minLength: 3, maxLength: 3 }))
        .map(([array, indices]) => createArrayRead(array, indices.slice(0, array.sizes.length))),
      fc
        .tuple(fc.constantFrom(...unaryOperators), tie('expression'), type)
        .map(([operator, operand, resultType]) => createUnary(operator, operand, resultType)),
      fc
        .tuple(fc.constantFrom(...binaryOperators), tie('expression'), tie('expression'), type)
        .map(([operator, left, right, resultType]) => createBinary(operator, left, right, resultType)),
      fc
        .tuple(tie('expression'), tie('expression'), tie('expression'), type)
        .map(([condition, thenValue, elseValue, resultType]) =>
          createConditional(condition, thenValue, elseValue, resultType),
        ),
      fc.tuple(tie('expression'), type).map(([operand, castType]) => createCast(operand, castType)),
    ),
  }));
  return expression;
}

function arbitraryBlock(world: Universe): fc.Arbitrary<Block> {
  const expression = arbitraryExpression(world);
  let line = 0;
  const location = () => at(++line, 1);
  const { block } = fc.letrec<{ block: Block; statement: Statement }>((tie) => ({
    block: fc.array(tie('statement'), { maxLength: 4 }),
    statement: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc
        .tuple(fc.constantFrom(...world.scalars), expression)
        .map(([target, value]) => createAssign(target, value, location())),
      fc
        .tuple(fc.constantFrom(...world.arrays), fc.array(expression, { minLength: 3, maxLength: 3 }), expression)
        .map(([array, indices, value]) =>
          createArrayWrite(array, indices.slice(0, array.sizes.length), value, location()),
        ),
      fc.constantFrom(...world.scalars).map((target) => createHavoc(target, location())),
      fc.constantFrom(...world.arrays).map((array) => createArrayHavoc(array, location())),
      fc
        .tuple(fc.constantFrom(...world.arrays), expression)
        .map(([array, value]) => createArrayFill(array, value, location())),
      expression.map((condition) => createAssume(condition, location())),
      expression.map((condition) => createAssert(condition, location())),
      fc
        .tuple(expression, tie('block'), tie('block'))
        .map(([condition, thenBlock, elseBlock]) => createIf(condition, thenBlock, elseBlock, location())),
      fc
        .tuple(expression, tie('block'), tie('block'))
        .map(([condition, body, update]) => createLoop(0, condition, body, update, location())),
      fc.constant(null).map(() => createBreak(location())),
      fc.constant(null).map(() => createContinue(location())),
    ),
  }));
  return block;
}

/** the value of `observed` becomes visible in the outcome: the reason of a shift by a (mostly negative) count */
function observation(observed: Expression): Statement {
  const count = createBinary(
    'subtract',
    createCast(observed, longLongType),
    createConstant(2n ** 40n, longLongType),
    longLongType,
  );
  return createAssert(createBinary('shiftLeft', createConstant(1n, longLongType), count, longLongType), at(1000));
}

const arbitraryIrProgram = fc
  .tuple(
    fc.array(fc.constantFrom(...types), { minLength: 4, maxLength: 4 }),
    fc.array(fc.constantFrom(...types.filter((type) => type.width <= 64)), { minLength: 3, maxLength: 3 }),
  )
  .chain(([scalarTypes, elementTypes]) => {
    const world = universe(scalarTypes, elementTypes);
    return fc
      .tuple(arbitraryBlock(world), arbitraryExpression(world))
      .map(([block, observed]) =>
        world.builder.program([
          ...world.scalars.map((scalar) => createHavoc(scalar, at(0))),
          ...block,
          observation(observed),
        ]),
      );
  });

describe('generated code agrees with the closures on random IR programs', () => {
  it('every operator, type and statement kind, both semantics', () => {
    const kinds = new Map<string, number>();
    fc.assert(
      fc.property(arbitraryIrProgram, fc.nat(1000), (program, seed) => {
        for (const semantics of semanticsList) {
          for (const domain of [undefined, interestingValues]) {
            const run = compareThoroughly(
              program,
              semantics,
              seed,
              domain,
              2_000,
              generateProgramSource(program, semantics),
            );
            const key =
              run.outcome.kind === 'undefinedBehaviour' ? run.outcome.reason.replace(/-?\d+/g, 'N') : run.outcome.kind;
            kinds.set(key, (kinds.get(key) ?? 0) + 1);
          }
        }
      }),
      { numRuns: 600 },
    );
    console.log('random IR outcome kinds:', Object.fromEntries(kinds));
    // the observation must usually reveal a value, and the generator must reach every outcome kind
    expect(kinds.get('shift by the negative count N') ?? 0).toBeGreaterThan(200);
    for (const kind of [
      'assertionFailed',
      'assumptionFailed',
      'stepLimitReached',
      'completed',
      'division by zero',
      'remainder by zero',
    ]) {
      expect(kinds.get(kind) ?? 0, kind).toBeGreaterThan(0);
    }
  });
});

// ---------------------------------------------------------------- edge cases

const noInput: Counterexample = { scalars: [], arrays: [] };

/** both backends on the given choices; returns the (equal) outcome */
function runBoth(program: Program, semantics: Semantics, input: Counterexample = noInput, maxSteps = 10_000) {
  return compareBackends(program, semantics, () => createCounterexampleSource(input), maxSteps).outcome;
}

/** a program that runs the statements, assigns the last expression to x and reveals x through the reason of a shift */
function revealing(build: (builder: IrBuilder) => [...Statement[], Expression]): Program {
  const builder = new IrBuilder();
  const x = builder.scalar('x', int128Type);
  const parts = build(builder);
  const value = parts.pop() as Expression;
  return builder.program([...(parts as Statement[]), createAssign(x, value, at(2)), observation(variable(x))]);
}
function revealed(program: Program, semantics: Semantics): bigint {
  const outcome = runBoth(program, semantics);
  if (outcome.kind !== 'undefinedBehaviour') throw new Error(`nothing revealed: ${JSON.stringify(outcome)}`);
  const match = /^shift by (?:the negative count )?(-?\d+)/.exec(outcome.reason);
  if (match === null) throw new Error(outcome.reason);
  return BigInt(match[1]!) + 2n ** 40n;
}

describe('generated code on edge cases', () => {
  it("stops on division and remainder by zero with the closures' reason and location", () => {
    for (const operator of ['divide', 'remainder'] as const) {
      for (const semantics of semanticsList) {
        const builder = new IrBuilder();
        const x = builder.scalar('x');
        const zero = builder.scalar('zero', unsignedCharType);
        const program = builder.program([
          createAssign(x, constant(5), at(1)),
          createAssign(x, binary(operator, variable(x), createCast(variable(zero), intType)), at(2, 7)),
        ]);
        expect(runBoth(program, semantics)).toEqual({
          kind: 'undefinedBehaviour',
          reason: operator === 'divide' ? 'division by zero' : 'remainder by zero',
          location: at(2, 7),
          steps: 2,
        });
      }
    }
  });

  it('computes C division, remainder, shifts and wrapping exactly on numbers and bigints', () => {
    const cases: [BinaryOperator, bigint, bigint, IntegerType, Record<Semantics, bigint>][] = [
      ['divide', -7n, 2n, intType, { int: -3n, bv: -3n }],
      ['remainder', -7n, 2n, intType, { int: -1n, bv: -1n }],
      ['divide', -(2n ** 31n), -1n, intType, { int: 2n ** 31n, bv: -(2n ** 31n) }],
      ['divide', 2n ** 60n + 1n, -3n, longLongType, { int: -((2n ** 60n + 1n) / 3n), bv: -((2n ** 60n + 1n) / 3n) }],
      [
        'remainder',
        -(2n ** 60n) - 1n,
        3n,
        longLongType,
        { int: -((2n ** 60n + 1n) % 3n), bv: -((2n ** 60n + 1n) % 3n) },
      ],
      ['shiftLeft', 1n, 31n, intType, { int: 2n ** 31n, bv: -(2n ** 31n) }],
      ['shiftLeft', 3n, 31n, unsignedIntType, { int: 3n * 2n ** 31n, bv: 2n ** 31n }],
      ['shiftLeft', 9n, 60n, longLongType, { int: 9n * 2n ** 60n, bv: -7n * 2n ** 60n }],
      ['shiftLeft', -3n, 6n, charType, { int: -192n, bv: 64n }],
      ['shiftRight', -5n, 1n, intType, { int: -3n, bv: -3n }],
      ['shiftRight', 2n ** 32n - 1n, 4n, unsignedIntType, { int: 2n ** 28n - 1n, bv: 2n ** 28n - 1n }],
      ['shiftRight', -(2n ** 62n), 61n, longLongType, { int: -2n, bv: -2n }],
      ['add', 2n ** 31n - 1n, 1n, intType, { int: 2n ** 31n, bv: -(2n ** 31n) }],
      ['add', 2n ** 53n - 1n, 1n, longLongType, { int: 2n ** 53n, bv: 2n ** 53n }],
      ['add', 2n ** 63n - 1n, 1n, longLongType, { int: 2n ** 63n, bv: -(2n ** 63n) }],
      // float results beyond 2^53 are inexact: the exact helpers must take over
      ['add', 2n ** 53n - 1n, 2n, longLongType, { int: 2n ** 53n + 1n, bv: 2n ** 53n + 1n }],
      ['subtract', -(2n ** 53n) + 1n, 2n, longLongType, { int: -(2n ** 53n) - 1n, bv: -(2n ** 53n) - 1n }],
      [
        'multiply',
        2n ** 27n + 1n,
        2n ** 27n + 1n,
        longLongType,
        { int: (2n ** 27n + 1n) ** 2n, bv: (2n ** 27n + 1n) ** 2n },
      ],
      [
        'shiftLeft',
        2n ** 27n + 1n,
        30n,
        longLongType,
        { int: (2n ** 27n + 1n) * 2n ** 30n, bv: (2n ** 27n + 1n) * 2n ** 30n },
      ],
      ['add', 200n, 100n, unsignedCharType, { int: 300n, bv: 44n }],
      ['subtract', 0n, 1n, unsignedShortType, { int: -1n, bv: 65535n }],
      ['subtract', 0n, 1n, unsignedLongLongType, { int: -1n, bv: 2n ** 64n - 1n }],
      ['multiply', 65536n, 65536n, intType, { int: 2n ** 32n, bv: 0n }],
      ['multiply', 2n ** 32n - 1n, 2n ** 32n - 1n, unsignedIntType, { int: (2n ** 32n - 1n) ** 2n, bv: 1n }],
      ['multiply', -(2n ** 26n), 2n ** 27n, longLongType, { int: -(2n ** 53n), bv: -(2n ** 53n) }],
      ['bitwiseAnd', -1n, 2n ** 45n + 3n, longLongType, { int: 2n ** 45n + 3n, bv: 2n ** 45n + 3n }],
      ['bitwiseXor', -(2n ** 31n), 2n ** 31n - 1n, intType, { int: -1n, bv: -1n }],
      ['bitwiseOr', 128n, 1n, charType, { int: 129n, bv: -127n }],
    ];
    for (const [operator, left, right, type, expected] of cases) {
      for (const semantics of semanticsList) {
        // operands through variables (no constant is wrapped at generation time), cast to the operation's type
        const program = revealing((builder) => {
          const leftVariable = builder.scalar('l', int128Type);
          const rightVariable = builder.scalar('r', int128Type);
          return [
            createAssign(leftVariable, createConstant(left, int128Type), at(1)),
            createAssign(rightVariable, createConstant(right, int128Type), at(1)),
            binary(operator, createCast(variable(leftVariable), type), createCast(variable(rightVariable), type), type),
          ];
        });
        // the observation reads the value through a long long, minus 2^40 (wrapping in bv)
        expect(revealed(program, semantics), `${operator} ${left} ${right} ${type.name} ${semantics}`).toBe(
          semantics === 'bv' ? BigInt.asIntN(64, BigInt.asIntN(64, expected.bv) - 2n ** 40n) + 2n ** 40n : expected.int,
        );
      }
    }
  });

  it('treats negative and too wide shift counts as undefined behaviour, printing the count', () => {
    const cases: [bigint, Record<Semantics, string | undefined>][] = [
      [-1n, { int: 'shift by the negative count -1', bv: 'shift by the negative count -1' }],
      [32n, { int: 'shift by 32, at least the width 32', bv: 'shift by 32, at least the width 32' }],
      // the cast to int truncates 2^60 to 0 in bv
      [2n ** 60n, { int: `shift by ${2n ** 60n}, at least the width 32`, bv: undefined }],
    ];
    for (const [count, reasons] of cases) {
      for (const semantics of semanticsList) {
        const builder = new IrBuilder();
        const x = builder.scalar('x');
        const c = builder.scalar('c', longLongType);
        const program = builder.program([
          createAssign(c, constant(count, longLongType), at(1)),
          createAssign(x, binary('shiftLeft', constant(1), createCast(variable(c), intType), intType), at(2)),
        ]);
        const reason = reasons[semantics];
        expect(runBoth(program, semantics)).toEqual(
          reason === undefined
            ? { kind: 'completed', steps: 2 }
            : { kind: 'undefinedBehaviour', reason, location: at(2), steps: 2 },
        );
      }
    }
  });

  it('stops a product beyond 2^4096 in int semantics only', () => {
    const builder = new IrBuilder();
    const x = builder.scalar('x', longLongType);
    const program = builder.program([
      createAssign(x, constant(3, longLongType), at(1)),
      createLoop(0, constant(1), [createAssign(x, binary('multiply', variable(x), variable(x)), at(3))], [], at(2)),
    ]);
    const int = runBoth(program, 'int');
    // 3^(2^k) exceeds 2^4096 first at k = 12 (3^4096 > 2^4096 > 3^2048): the 12th product, at step 1 + 2 * 12
    expect(int).toEqual({
      kind: 'undefinedBehaviour',
      reason: 'a product beyond 2^4096 (int semantics: overflow not modelled)',
      location: at(3),
      steps: 25,
    });
    expect(runBoth(program, 'bv', noInput, 1000)).toEqual({ kind: 'stepLimitReached', steps: 1000 });
  });

  it('hits the step limit exactly where the closures do', () => {
    const builder = new IrBuilder();
    const i = builder.scalar('i');
    const program = builder.program([
      createAssign(i, constant(0), at(1)),
      createLoop(
        0,
        binary('less', variable(i), constant(10)),
        [],
        [createAssign(i, binary('add', variable(i), constant(1)), at(3))],
        at(2),
      ),
    ]);
    // 1 assignment + 11 condition evaluations + 10 updates
    for (const semantics of semanticsList) {
      expect(runBoth(program, semantics, noInput, 22)).toEqual({ kind: 'completed', steps: 22 });
      expect(runBoth(program, semantics, noInput, 21)).toEqual({ kind: 'stepLimitReached', steps: 21 });
      expect(runBoth(program, semantics, noInput, 0)).toEqual({ kind: 'stepLimitReached', steps: 0 });
    }
  });

  it('runs break and continue in nested loops, in updates and at the top level', () => {
    const builder = new IrBuilder();
    const i = builder.scalar('i');
    const j = builder.scalar('j');
    const count = builder.scalar('count');
    const increment = (target: ScalarVariable, line: number) =>
      createAssign(target, binary('add', variable(target), constant(1)), at(line));
    const program = builder.program([
      createLoop(
        0,
        binary('less', variable(i), constant(5)),
        [
          createAssign(j, constant(0), at(2)),
          createLoop(
            1,
            constant(1),
            [
              createIf(binary('equal', variable(j), variable(i)), [createBreak(at(4))], [], at(3)),
              createIf(
                binary('equal', binary('remainder', variable(j), constant(2)), constant(1)),
                [createContinue(at(6))],
                [],
                at(5),
              ),
              increment(count, 7),
            ],
            [
              increment(j, 8),
              createIf(binary('greater', variable(j), constant(3)), [createContinue(at(10))], [], at(9)),
            ],
            at(11),
          ),
          createIf(binary('equal', variable(i), constant(3)), [createContinue(at(13))], [], at(12)),
          increment(count, 14),
        ],
        [increment(i, 15), createIf(binary('equal', variable(i), constant(4)), [createBreak(at(17))], [], at(16))],
        at(1),
      ),
      createAssert(binary('notEqual', variable(count), constant(7)), at(18)),
      createBreak(at(19)),
      createAssert(constant(0), at(20)),
    ]);
    // count: inner increments for even j < i, outer increments except at i = 3; the loop stops when i reaches 4
    // i=0: 0 inner + 1; i=1: 1 + 1; i=2: 1 + 1; i=3: 2 + 0 → 7
    for (const semantics of semanticsList) {
      const outcome = runBoth(program, semantics);
      expect(outcome.kind).toBe('assertionFailed');
      if (outcome.kind === 'assertionFailed') expect(outcome.location).toEqual(at(18));
    }
    // without the failing assertion the top-level break ends the run before the assert(0)
    const completed = builder.program([program.body[0]!, ...program.body.slice(2)]);
    for (const semantics of semanticsList) expect(runBoth(completed, semantics).kind).toBe('completed');
  });

  it('keeps out-of-range multi-dimensional cells apart and reads havocked cells like the closures', () => {
    const builder = new IrBuilder();
    const n = builder.scalar('n');
    const grid = builder.array('grid', [constant(2), variable(n)]);
    const cube = builder.array('cube', [2n, 2n, 2n], unsignedCharType);
    const x = builder.scalar('x');
    const program = builder.program([
      createAssign(n, constant(3), at(1)),
      createArrayHavoc(grid, at(2)),
      createArrayFill(cube, constant(300), at(3)),
      createArrayWrite(grid, [constant(0), constant(3)], constant(11), at(4)), // out of range: not cell (1, 0)
      createArrayWrite(grid, [constant(-1), constant(2)], constant(12), at(5)),
      createArrayWrite(cube, [constant(1), constant(1), constant(5)], constant(-1), at(6)),
      createAssign(x, binary('add', read(grid, constant(1), constant(0)), read(grid, constant(0), constant(3))), at(7)),
      createAssign(
        x,
        binary('add', variable(x), createCast(read(cube, constant(1), constant(1), constant(5)), intType)),
        at(8),
      ),
      createAssign(
        x,
        binary('add', variable(x), createCast(read(cube, constant(0), constant(0), constant(1)), intType)),
        at(9),
      ),
      createAssign(x, binary('add', variable(x), read(grid, constant(5), constant(5))), at(10)),
      observation(variable(x)),
    ]);
    const input: Counterexample = {
      scalars: [],
      arrays: [
        {
          defaultValue: 7n,
          entries: new Map([
            [3n, 100n],
            [9n, 1000n],
          ]),
        },
      ],
    };
    // cell (1, 0) is flat key 3 (100); (0, 3) was written (11); cube (1,1,5) holds 255 in bv; (0,0,1) was filled with 300;
    // (5, 5) names no cell of the havoc: its default 7, a nondeterministic default read
    const expected: Record<Semantics, bigint> = { int: 100n + 11n - 1n + 300n + 7n, bv: 100n + 11n + 255n + 44n + 7n };
    for (const semantics of semanticsList) {
      const run = compareBackends(program, semantics, () => createCounterexampleSource(input), 1000);
      expect(run.nondeterministicDefaultRead).toBe(true);
      expect(run.outcome.kind).toBe('undefinedBehaviour');
      if (run.outcome.kind === 'undefinedBehaviour') {
        expect(BigInt(/-?\d+/.exec(run.outcome.reason)![0]) + 2n ** 40n, semantics).toBe(expected[semantics]);
      }
    }
  });

  it('reports exhausted and invalid input and counts consumed choices when replaying', () => {
    const builder = new IrBuilder();
    const x = builder.scalar('x', unsignedCharType);
    const array = builder.array('a', [2n], charType);
    const program = builder.program([
      createHavoc(x, at(1)),
      createHavoc(x, at(2)),
      createArrayHavoc(array, at(3)),
      createHavoc(x, at(4)),
      createAssert(binary('notEqual', createCast(variable(x), intType), constant(9)), at(5)),
    ]);
    const content = { defaultValue: 0n, entries: new Map([[0n, 5n]]) };
    for (const semantics of semanticsList) {
      expect(runBoth(program, semantics, { scalars: [1n], arrays: [] })).toEqual({
        kind: 'inputExhausted',
        location: at(2),
        steps: 2,
      });
      expect(runBoth(program, semantics, { scalars: [1n, 256n], arrays: [] })).toEqual({
        kind: 'invalidInput',
        reason: '256 is not a value of unsigned char',
        location: at(2),
        steps: 2,
      });
      expect(
        runBoth(program, semantics, {
          scalars: [1n, 2n],
          arrays: [{ defaultValue: 0n, entries: new Map([[1n, 200n]]) }],
        }).kind,
      ).toBe('invalidInput');
      const input = { scalars: [1n, 9n, 9n, 4n], arrays: [content, content] };
      expect(runBoth(program, semantics, input)).toEqual({
        kind: 'assertionFailed',
        location: at(5),
        steps: 5,
        consumed: { scalars: [1n, 9n, 9n], arrays: [content] },
      });
    }
  });

  it('is the default backend and leaves huge programs to the closures', () => {
    const builder = new IrBuilder();
    const x = builder.scalar('x');
    const statements: Statement[] = [];
    for (let index = 0; index < codegenNodeLimit / 2; index++)
      statements.push(createAssign(x, binary('add', variable(x), constant(1)), at(1)));
    const huge = builder.program(statements);
    expect(measureProgram(huge).nodes).toBeGreaterThan(codegenNodeLimit);
    expect(compileProgramToJavaScript(huge, 'int')).toBeUndefined();
    expect(compileProgram(huge, 'int').run(createCounterexampleSource(noInput), 100).outcome).toEqual({
      kind: 'stepLimitReached',
      steps: 100,
    });
    const loopBody: Statement[] = statements.slice(0, codegenLoopNodeLimit / 4);
    const largeLoop = builder.program([
      createLoop(0, binary('less', variable(x), constant(1000)), loopBody, [], at(2)),
    ]);
    expect(compileProgramToJavaScript(largeLoop, 'bv')).toBeUndefined();
    expect(compileProgram(largeLoop, 'bv').run(createCounterexampleSource(noInput), 100_000).outcome).toEqual({
      kind: 'completed',
      steps: 1 + (1000 / (codegenLoopNodeLimit / 4)) * (codegenLoopNodeLimit / 4 + 1),
    });
    const smallLoop = builder.program([
      createLoop(0, binary('less', variable(x), constant(1000)), loopBody.slice(0, 10), [], at(2)),
    ]);
    expect(compileProgramToJavaScript(smallLoop, 'bv')).toBeDefined();
    const small = builder.program([createAssign(x, constant(1), at(1))]);
    expect(compileProgramToJavaScript(small, 'bv')).toBeDefined();
    expect(generateProgramSource(small, 'bv')).toContain('s0 = 1;');
  });
});
