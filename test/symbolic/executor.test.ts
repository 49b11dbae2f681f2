// Differential tests of the symbolic executor (src/symbolic/executor.ts) against the concrete
// interpreter (src/interp/interpreter.ts) on loop-free programs, in `int` and `bv` semantics.
//
// A program is executed symbolically once; then, for several concrete inputs, every fresh constant
// is given a value: the havoc values in the order of the executor's havoc records (a record whose
// guard is false under the values so far gets no input: its path does not reach it), the initial
// values (when the run starts from `freshState`), and every other constant through its definition
// `c = term` (evaluated lazily with test/support/term-evaluator.ts). The interpreter runs the same
// program on the same inputs, followed by `assert(v == <symbolic value>)` for every scalar and some
// array cells, so a completed run means every final value agrees. Compared: which assert fails (a
// violation condition of the executor is true), whether the path survives (its guard), the final
// values, and which havocs the interpreter consumes (and of which type, in which order).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boolType,
  createArrayFill,
  createArrayRead,
  createArrayVariable,
  createArrayWrite,
  createAssert,
  createAssign,
  createAssume,
  createBinary,
  createBreak,
  createCast,
  createConstant,
  createContinue,
  createHavoc,
  createIf,
  createLoop,
  createProgram,
  createScalarVariable,
  createVariableExpression,
  intType,
  longLongType,
  shortType,
  signedCharType,
  typeRange,
  unsignedCharType,
  unsignedIntType,
} from '../../src/ir/factory.js';
import { usualArithmeticConversion } from '../../src/ir/c-integers.js';
import type {
  BinaryOperator,
  Block,
  Expression,
  IntegerType,
  LoopStatement,
  Program,
  ScalarVariable,
  Semantics,
  Statement,
} from '../../src/ir/types.js';
import { printProgram } from '../../src/ir/print.js';
import { runProgram, type NondetSource, type RunOutcome } from '../../src/interp/interpreter.js';
import { createRandomGenerator } from '../../src/interp/sources.js';
import { SymbolicExecutor, type HavocRecord, type Path, type SymbolicState } from '../../src/symbolic/executor.js';
import { ExpressionTranslator, bitvectorIndexWidth, modelIntegerToValue } from '../../src/symbolic/expressions.js';
import { collectVariables } from '../../src/symbolic/variables.js';
import { boolSort, intConstant, ite, less, symbol, trueTerm, type Term } from '../../src/smt/terms.js';
import { evaluateTerm, type EvaluatedArray, type EvaluatedValue } from '../support/term-evaluator.js';

const semanticsList: readonly Semantics[] = ['int', 'bv'];
const at = (line: number) => ({ line, column: 1 });

// ---------------------------------------------------------------- the variables of every program

const x = createScalarVariable(0, 'x', 'x', intType, undefined);
const y = createScalarVariable(1, 'y', 'y', intType, undefined);
const u = createScalarVariable(2, 'u', 'u', unsignedCharType, undefined);
const h = createScalarVariable(3, 'h', 'h', shortType, undefined);
const w = createScalarVariable(4, 'w', 'w', unsignedIntType, undefined);
const q = createScalarVariable(5, 'q', 'q', longLongType, undefined);
const scalars = [x, y, u, h, w, q];
/** int arr[4] */
const arr = createArrayVariable(10, 'arr', 'arr', intType, [createConstant(4n)], undefined);
/** signed char m[2][3] */
const m = createArrayVariable(11, 'm', 'm', signedCharType, [createConstant(2n), createConstant(3n)], undefined);
const arrays = [arr, m];
/** the cells compared after a run: some outside the declared bounds (arrays are total maps) */
const checkedCells: readonly (readonly bigint[])[] = [
  [-1n],
  [0n],
  [1n],
  [2n],
  [3n],
  [4n],
  [7n],
  [0n, 0n],
  [0n, 2n],
  [1n, 0n],
  [1n, 2n],
  [-1n, 5n],
];

const constant = (value: bigint | number, type: IntegerType = intType) => createConstant(BigInt(value), type);
const variable = (target: ScalarVariable) => createVariableExpression(target);

function convert(expression: Expression, type: IntegerType): Expression {
  return expression.type === type ? expression : createCast(expression, type);
}
/** a binary operation with C's usual arithmetic conversions made explicit, as lowering emits it */
function binary(operator: BinaryOperator, left: Expression, right: Expression): Expression {
  const common = usualArithmeticConversion(left.type, right.type, 'ILP32');
  return createBinary(operator, convert(left, common), convert(right, common));
}

// ---------------------------------------------------------------- random loop-free programs

const castTypes: readonly IntegerType[] = [
  intType,
  unsignedIntType,
  unsignedCharType,
  signedCharType,
  shortType,
  longLongType,
  boolType,
];

const constantArbitrary: fc.Arbitrary<Expression> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -4, max: 4 }).map((value) => constant(value)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(2147483647n, -2147483648n, 255n, 128n, 65535n).map((value) => constant(value)),
  },
  { weight: 1, arbitrary: fc.constantFrom(4294967295n, 200n).map((value) => constant(value, unsignedIntType)) },
);

const expressionArbitrary: fc.Arbitrary<Expression> = fc.letrec<{ expression: Expression; index: Expression }>(
  (tie) => ({
    index: fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: -1, max: 4 }).map((value) => constant(value)) },
      { weight: 1, arbitrary: fc.constantFrom(...scalars).map(variable) },
    ),
    expression: fc.oneof(
      { depthSize: 'small', maxDepth: 3 },
      fc.constantFrom(...scalars).map(variable),
      constantArbitrary,
      tie('index').map((index) => createArrayRead(arr, [index])),
      fc.tuple(tie('index'), tie('index')).map(([row, column]) => createArrayRead(m, [row, column])),
      fc
        .tuple(
          fc.constantFrom<BinaryOperator>('add', 'subtract', 'multiply', 'divide', 'remainder'),
          tie('expression'),
          tie('expression'),
        )
        .map(([operator, left, right]) => binary(operator, left, right)),
      fc
        .tuple(
          fc.constantFrom<BinaryOperator>('less', 'lessEqual', 'greater', 'greaterEqual', 'equal', 'notEqual'),
          tie('expression'),
          tie('expression'),
        )
        .map(([operator, left, right]) => binary(operator, left, right)),
      fc.tuple(tie('expression'), fc.constantFrom(...castTypes)).map(([operand, type]) => createCast(operand, type)),
    ),
  }),
).expression;

/** a condition that holds about half the time: a comparison */
const conditionArbitrary: fc.Arbitrary<Expression> = fc
  .tuple(
    fc.constantFrom<BinaryOperator>('less', 'lessEqual', 'greater', 'greaterEqual', 'equal', 'notEqual'),
    expressionArbitrary,
    fc.oneof(
      expressionArbitrary,
      fc.integer({ min: -2, max: 2 }).map((value) => constant(value)),
    ),
  )
  .map(([operator, left, right]) => binary(operator, left, right));

// statements are built with line 0; `renumbered` gives every statement its own line
const statementArbitrary: fc.Arbitrary<Statement> = fc.letrec<{ statement: Statement; block: Block }>((tie) => ({
  block: fc.array(tie('statement'), { minLength: 0, maxLength: 4 }),
  statement: fc.oneof(
    { depthSize: 'small', maxDepth: 2 },
    {
      weight: 5,
      arbitrary: fc
        .tuple(fc.constantFrom(...scalars), expressionArbitrary)
        .map(([target, value]) => createAssign(target, value, at(0)) as Statement),
    },
    {
      weight: 3,
      arbitrary: fc.constantFrom(...scalars).map((target) => createHavoc(target, at(0), 'input') as Statement),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(expressionArbitrary, expressionArbitrary)
        .map(([index, value]) => createArrayWrite(arr, [index], value, at(0)) as Statement),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(expressionArbitrary, expressionArbitrary, expressionArbitrary)
        .map(([row, column, value]) => createArrayWrite(m, [row, column], value, at(0)) as Statement),
    },
    { weight: 1, arbitrary: conditionArbitrary.map((condition) => createAssume(condition, at(0)) as Statement) },
    { weight: 1, arbitrary: conditionArbitrary.map((condition) => createAssert(condition, at(0)) as Statement) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(conditionArbitrary, tie('block'), tie('block'))
        .map(([condition, thenBlock, elseBlock]) => createIf(condition, thenBlock, elseBlock, at(0)) as Statement),
    },
  ),
})).statement;

const programArbitrary: fc.Arbitrary<Program> = fc
  .array(statementArbitrary, { minLength: 1, maxLength: 7 })
  .map((body) => {
    let line = 1;
    const renumbered = (block: Block): Block =>
      block.map((statement): Statement => {
        const location = at(line++);
        switch (statement.kind) {
          case 'assign':
            return createAssign(statement.target, statement.value, location);
          case 'havoc':
            return createHavoc(statement.target, location, statement.origin);
          case 'arrayWrite':
            return createArrayWrite(statement.array, statement.indices, statement.value, location);
          case 'assume':
            return createAssume(statement.condition, location);
          case 'assert':
            return createAssert(statement.condition, location);
          case 'if':
            return createIf(statement.condition, renumbered(statement.then), renumbered(statement.else), location);
          default:
            throw new Error(`generator: no ${statement.kind}`);
        }
      });
    return createProgram('random.c', scalars, arrays, renumbered(body), 'ILP32');
  });

// ---------------------------------------------------------------- evaluating the executor's terms

/** a scalar's C value as the value of its term in `semantics` */
function termValue(value: bigint, type: IntegerType, semantics: Semantics): bigint {
  return semantics === 'int' ? value : BigInt.asUintN(type.width, value);
}
function indexValue(index: bigint, semantics: Semantics): bigint {
  return semantics === 'int' ? index : BigInt.asUintN(bitvectorIndexWidth, index);
}

/**
 * Values of an executor's constants: set ones (havocs, initial values), and every other constant
 * through its definition `c = term`, evaluated on first use. The other definitions (range
 * constraints of havocs) are collected as `constraints`.
 */
class Valuation {
  private readonly values = new Map<string, EvaluatedValue>();
  private readonly defining = new Map<string, Term>();
  readonly constraints: Term[] = [];
  private readonly assignment = { get: (name: string) => this.lookup(name) } as unknown as ReadonlyMap<
    string,
    EvaluatedValue
  >;

  constructor(executor: SymbolicExecutor) {
    const fresh = new Set(executor.constants.map((constant) => constant.name));
    for (const definition of executor.definitions) {
      const [left, right] = definition.kind === 'apply' && definition.operator === '=' ? definition.arguments : [];
      if (left?.kind === 'symbol' && right !== undefined && fresh.has(left.name) && !this.defining.has(left.name))
        this.defining.set(left.name, right);
      else this.constraints.push(definition);
    }
  }

  set(name: string, value: EvaluatedValue): void {
    if (this.values.has(name) || this.defining.has(name)) throw new Error(`${name} has a value already`);
    this.values.set(name, value);
  }

  private lookup(name: string): EvaluatedValue | undefined {
    const known = this.values.get(name);
    if (known !== undefined) return known;
    const definition = this.defining.get(name);
    if (definition === undefined) return undefined;
    const value = evaluateTerm(definition, this.assignment);
    if (value !== undefined) this.values.set(name, value);
    return value;
  }

  evaluate(term: Term): EvaluatedValue {
    const value = evaluateTerm(term, this.assignment);
    if (value === undefined) throw new Error(`cannot evaluate ${JSON.stringify(term).slice(0, 300)}`);
    return value;
  }
  bool(term: Term): boolean {
    const value = this.evaluate(term);
    if (typeof value !== 'boolean') throw new Error('not a Bool');
    return value;
  }
}

function newExecutor(
  program: Program,
  semantics: Semantics,
  inlineLimit = 0,
  loop: (loop: LoopStatement, path: Path, executor: SymbolicExecutor) => Path | undefined = () => {
    throw new Error('no loops here');
  },
): SymbolicExecutor {
  return new SymbolicExecutor(program, collectVariables(program), new ExpressionTranslator(semantics), {
    inlineLimit,
    loop,
    namePrefix: '',
  });
}

function scalarRecords(executor: SymbolicExecutor): HavocRecord[] {
  return executor.havocs.map((record) => {
    if ('kind' in record) throw new Error('no choice extensions expected');
    return record;
  });
}

/** a value of the type: mostly small, sometimes an extreme, sometimes anything */
function drawValue(random: () => number, type: IntegerType): bigint {
  const { minimum, maximum } = typeRange(type);
  const choice = random();
  if (choice < 0.1) return minimum;
  if (choice < 0.2) return maximum;
  if (choice < 0.75) {
    const small = BigInt(Math.floor(random() * 9) - 4);
    if (small >= minimum && small <= maximum) return small;
  }
  let bits = 0n;
  for (let produced = 0; produced < type.width; produced += 16)
    bits = (bits << 16n) | BigInt(Math.floor(random() * 65536));
  return minimum + (bits & ((1n << BigInt(type.width)) - 1n));
}

/** the havoc values in the order of the records: records whose guard is false get no input (value 0) */
function assignHavocs(
  executor: SymbolicExecutor,
  valuation: Valuation,
  semantics: Semantics,
  draw: (type: IntegerType) => bigint,
): { reached: HavocRecord[]; inputs: bigint[] } {
  const reached: HavocRecord[] = [];
  const inputs: bigint[] = [];
  for (const record of scalarRecords(executor)) {
    if (record.value.kind !== 'symbol') throw new Error('a havoc value is a fresh constant');
    if (valuation.bool(record.guard)) {
      const value = draw(record.variable.type);
      inputs.push(value);
      reached.push(record);
      valuation.set(record.value.name, termValue(value, record.variable.type, semantics));
    } else {
      valuation.set(record.value.name, termValue(0n, record.variable.type, semantics));
    }
  }
  return { reached, inputs };
}

/** initial values (scalars, and arrays as a default and a few cells), both for the interpreter and the fresh constants */
interface InitialValues {
  readonly scalars: ReadonlyMap<number, bigint>;
  readonly arrays: ReadonlyMap<
    number,
    {
      readonly fill: bigint;
      readonly cells: readonly { readonly indices: readonly bigint[]; readonly value: bigint }[];
    }
  >;
}

function drawInitialValues(random: () => number): InitialValues {
  const scalarValues = new Map(scalars.map((scalar) => [scalar.id, drawValue(random, scalar.type)] as const));
  const arrayValues = new Map(
    arrays.map((array) => {
      const cells = checkedCells
        .filter((indices) => indices.length === array.sizes.length && random() < 0.6)
        .map((indices) => ({ indices, value: drawValue(random, array.elementType) }));
      return [array.id, { fill: drawValue(random, array.elementType), cells }] as const;
    }),
  );
  return { scalars: scalarValues, arrays: arrayValues };
}

/** the statements that set the interpreter's state to the initial values */
function initialisation(values: InitialValues): Statement[] {
  const statements: Statement[] = [];
  for (const scalar of scalars)
    statements.push(createAssign(scalar, constant(values.scalars.get(scalar.id)!, scalar.type), at(900)));
  for (const array of arrays) {
    const content = values.arrays.get(array.id)!;
    statements.push(createArrayFill(array, constant(content.fill, array.elementType), at(901)));
    for (const cell of content.cells)
      statements.push(
        createArrayWrite(
          array,
          cell.indices.map((index) => constant(index)),
          constant(cell.value, array.elementType),
          at(902),
        ),
      );
  }
  return statements;
}

/** the initial values as values of the constants of a fresh state */
function assignInitialValues(
  state: SymbolicState,
  values: InitialValues,
  valuation: Valuation,
  semantics: Semantics,
): void {
  for (const scalar of scalars) {
    const term = state.scalars.get(scalar.id)!;
    if (term.kind !== 'symbol') throw new Error('a fresh state holds constants');
    valuation.set(term.name, termValue(values.scalars.get(scalar.id)!, scalar.type, semantics));
  }
  for (const array of arrays) {
    const term = state.arrays.get(array.id)!;
    if (term.kind !== 'symbol') throw new Error('a fresh state holds constants');
    const content = values.arrays.get(array.id)!;
    const fill = termValue(content.fill, array.elementType, semantics);
    const filled = (dimensions: number): EvaluatedValue =>
      dimensions === 0 ? fill : { defaultValue: filled(dimensions - 1), entries: new Map() };
    let value = filled(array.sizes.length);
    for (const cell of content.cells)
      value = storeValue(
        value as EvaluatedArray,
        cell.indices.map((index) => indexValue(index, semantics)),
        termValue(cell.value, array.elementType, semantics),
      );
    valuation.set(term.name, value);
  }
}
function storeValue(array: EvaluatedArray, indices: readonly bigint[], value: EvaluatedValue): EvaluatedArray {
  const [first, ...rest] = indices;
  const key = String(first);
  const inner =
    rest.length === 0
      ? value
      : storeValue((array.entries.get(key) ?? array.defaultValue) as EvaluatedArray, rest, value);
  return { defaultValue: array.defaultValue, entries: new Map(array.entries).set(key, inner) };
}

interface Comparison {
  readonly outcome: RunOutcome;
  readonly survived: boolean;
  readonly violated: boolean;
}

/**
 * Runs `program` symbolically (from the initial state, or from a fresh state with `initial` values)
 * and compares with the interpreter on `runs` inputs; returns what happened on each.
 */
function compareWithInterpreter(
  program: Program,
  semantics: Semantics,
  options: { seed: number; runs: number; fresh: boolean; inlineLimit: number },
): Comparison[] {
  const executor = newExecutor(program, semantics, options.inlineLimit);
  const start = options.fresh ? executor.freshState('.init') : executor.initialState();
  const result = executor.executeBlock(program.body, { guard: trueTerm, state: start });
  expect(result.breaks).toEqual([]);
  expect(result.continues).toEqual([]);
  const random = createRandomGenerator(options.seed);
  const comparisons: Comparison[] = [];
  for (let run = 0; run < options.runs; run++) {
    const valuation = new Valuation(executor);
    const initial = options.fresh ? drawInitialValues(random) : undefined;
    if (initial !== undefined) assignInitialValues(start, initial, valuation, semantics);
    const { reached, inputs } = assignHavocs(executor, valuation, semantics, (type) => drawValue(random, type));
    const context = () =>
      `${semantics} semantics, inputs [${inputs.join(', ')}]${initial === undefined ? '' : `, initial ${JSON.stringify([...initial.scalars.values()].map(String))}`}\n${printProgram(program)}`;
    // every definition that is not a constant's definition holds (havoc ranges)
    for (const constraint of valuation.constraints) expect(valuation.bool(constraint), context()).toBe(true);
    const violations = executor.violations.filter((violation) => valuation.bool(violation.condition));
    expect(violations.length, context()).toBeLessThanOrEqual(1);
    const normal = result.normal;
    const survived = normal !== undefined && valuation.bool(normal.guard);
    // the final values, as assertions the interpreter checks after the program
    const checks: Statement[] = [];
    if (normal !== undefined) {
      scalars.forEach((scalar, index) => {
        const value = modelIntegerToValue(
          valuation.evaluate(normal.state.scalars.get(scalar.id)!) as bigint,
          scalar.type,
          semantics,
        );
        checks.push(
          createAssert(createBinary('equal', variable(scalar), constant(value, scalar.type)), at(1000 + index)),
        );
      });
      checkedCells.forEach((indices, index) => {
        const array = indices.length === 1 ? arr : m;
        const read = createArrayRead(
          array,
          indices.map((cell) => constant(cell)),
        );
        const value = modelIntegerToValue(
          valuation.evaluate(executor.translate(read, normal.state).term) as bigint,
          array.elementType,
          semantics,
        );
        checks.push(createAssert(createBinary('equal', read, constant(value, array.elementType)), at(2000 + index)));
      });
    }
    const checked = createProgram(
      program.file,
      program.scalars,
      program.arrays,
      [...(initial === undefined ? [] : initialisation(initial)), ...program.body, ...checks],
      'ILP32',
    );
    const consumedTypes: string[] = [];
    let next = 0;
    const source: NondetSource = {
      nextScalar: (type) => {
        consumedTypes.push(type.name);
        return inputs[next++];
      },
      nextArray: () => undefined,
    };
    const outcome = runProgram(checked, { semantics, nondet: source, maxSteps: 100_000 });
    // the interpreter consumes exactly the havocs whose record's guard holds, in record order
    expect(consumedTypes, context()).toEqual(reached.map((record) => record.variable.type.name));
    if (violations.length === 1) {
      expect(outcome, context()).toMatchObject({ kind: 'assertionFailed', location: violations[0]!.location });
      expect(survived, context()).toBe(false);
    } else if (survived) {
      expect(outcome, context()).toMatchObject({ kind: 'completed' });
    } else {
      expect(['assumptionFailed', 'undefinedBehaviour'], `${context()}\n${JSON.stringify(outcome)}`).toContain(
        outcome.kind,
      );
    }
    comparisons.push({ outcome, survived, violated: violations.length === 1 });
  }
  return comparisons;
}

// ---------------------------------------------------------------- differential tests

describe('symbolic executor agrees with the interpreter on loop-free programs', () => {
  for (const semantics of semanticsList) {
    for (const fresh of [false, true]) {
      const start = fresh ? 'from a fresh state with chosen initial values' : 'from the initial state';
      it(`${semantics} semantics, ${start}: final values, surviving path, failing assert, consumed havocs`, () => {
        const tally = { runs: 0, survived: 0, violated: 0, assumptionFailed: 0, undefinedBehaviour: 0 };
        fc.assert(
          fc.property(
            programArbitrary,
            fc.integer({ min: 0, max: 2 ** 31 - 1 }),
            fc.constantFrom(0, 1000),
            (program, seed, inlineLimit) => {
              for (const comparison of compareWithInterpreter(program, semantics, {
                seed,
                runs: 6,
                fresh,
                inlineLimit,
              })) {
                tally.runs++;
                if (comparison.survived) tally.survived++;
                if (comparison.violated) tally.violated++;
                if (comparison.outcome.kind === 'assumptionFailed') tally.assumptionFailed++;
                if (comparison.outcome.kind === 'undefinedBehaviour') tally.undefinedBehaviour++;
              }
            },
          ),
          { numRuns: 120 },
        );
        // the programs exercise every outcome, and most final-value checks run
        expect(tally.survived).toBeGreaterThan(tally.runs / 4);
        expect(tally.violated).toBeGreaterThan(tally.runs / 50);
        expect(tally.assumptionFailed).toBeGreaterThan(tally.runs / 50);
        expect(tally.undefinedBehaviour).toBeGreaterThan(0);
      });
    }
  }
});

describe('symbolic executor: hand-written programs', () => {
  const cases: { name: string; body: Statement[]; runs?: number }[] = [
    {
      name: 'if/else with arithmetic, division and remainder of negative values',
      body: [
        createHavoc(x, at(1), 'input'),
        createHavoc(y, at(2), 'input'),
        createIf(
          binary('greater', variable(x), variable(y)),
          [
            createAssign(q, binary('divide', variable(x), constant(-3)), at(4)),
            createAssign(h, binary('remainder', variable(x), constant(7)), at(5)),
          ],
          [
            createAssign(q, binary('multiply', variable(x), variable(y)), at(6)),
            createAssign(h, binary('subtract', constant(0), binary('remainder', variable(y), constant(5))), at(7)),
          ],
          at(3),
        ),
      ],
    },
    {
      name: 'casts between integer types (truncation, sign and zero extension, _Bool)',
      body: [
        createHavoc(w, at(1), 'input'),
        createHavoc(h, at(2), 'input'),
        createAssign(u, variable(w), at(3)),
        createAssign(x, createCast(variable(h), unsignedCharType), at(4)),
        createAssign(q, binary('add', variable(w), createCast(variable(h), unsignedIntType)), at(5)),
        createAssign(y, createCast(variable(q), boolType), at(6)),
        createAssign(h, createCast(binary('multiply', variable(x), constant(300)), shortType), at(7)),
      ],
    },
    {
      name: 'array writes and reads at havocked indices',
      body: [
        createHavoc(x, at(1), 'input'),
        createHavoc(y, at(2), 'input'),
        createAssume(binary('lessEqual', constant(-1), variable(x)), at(3)),
        createAssume(binary('lessEqual', variable(x), constant(4)), at(4)),
        createArrayWrite(arr, [variable(x)], variable(y), at(5)),
        createArrayWrite(arr, [constant(1)], binary('add', createArrayRead(arr, [variable(x)]), constant(1)), at(6)),
        createArrayWrite(m, [constant(1), variable(x)], variable(y), at(7)),
        createAssign(
          q,
          binary('add', createArrayRead(arr, [constant(1)]), createArrayRead(m, [constant(1), constant(2)])),
          at(8),
        ),
      ],
    },
    {
      name: 'assume and assert on both branches; division by a havocked divisor',
      body: [
        createHavoc(x, at(1), 'input'),
        createHavoc(u, at(2), 'input'),
        createIf(
          binary('less', variable(x), constant(0)),
          [
            createAssume(binary('notEqual', variable(u), constant(0)), at(4)),
            createAssert(binary('less', binary('divide', variable(x), variable(u)), constant(-10)), at(5)),
          ],
          [
            createAssign(y, binary('remainder', constant(100), variable(u)), at(6)),
            createAssert(binary('notEqual', variable(y), constant(1)), at(7)),
          ],
          at(3),
        ),
        createAssign(w, binary('add', variable(y), constant(1)), at(8)),
      ],
      runs: 200,
    },
    {
      name: 'extreme values: INT_MIN / -1, INT_MIN % -1, unsigned wrap-around, products of long longs',
      body: [
        createHavoc(x, at(1), 'input'),
        createHavoc(y, at(2), 'input'),
        createHavoc(w, at(3), 'input'),
        createHavoc(q, at(4), 'input'),
        // mostly INT_MIN / -1
        createIf(
          binary('greaterEqual', variable(y), constant(0)),
          [createAssign(x, constant(-2147483648n), at(6)), createAssign(y, constant(-1), at(11))],
          [],
          at(5),
        ),
        createAssign(h, binary('remainder', variable(x), variable(y)), at(7)),
        createAssign(x, binary('divide', variable(x), variable(y)), at(8)),
        createAssign(w, binary('subtract', variable(w), constant(4294967295n, unsignedIntType)), at(9)),
        createAssign(q, binary('multiply', variable(q), variable(q)), at(10)),
      ],
      runs: 120,
    },
  ];
  for (const semantics of semanticsList) {
    for (const { name, body, runs } of cases) {
      it(`${semantics} semantics: ${name}`, () => {
        const program = createProgram(`${name}.c`, scalars, arrays, body, 'ILP32');
        const results = compareWithInterpreter(program, semantics, {
          seed: 7,
          runs: runs ?? 60,
          fresh: false,
          inlineLimit: 0,
        });
        expect(results.some((result) => result.survived)).toBe(true);
      });
    }
  }
});

// ---------------------------------------------------------------- havoc records

describe('symbolic executor: havoc records', () => {
  for (const semantics of semanticsList) {
    it(`${semantics} semantics: records come in the order the interpreter consumes the values, with the guard of reaching them`, () => {
      // havoc x; if (x > 0) { havoc y; havoc u } else { havoc u; havoc y } assume(x != 5); havoc w; if (w == 0) havoc h
      const body: Statement[] = [
        createHavoc(x, at(1), 'input'),
        createIf(
          binary('greater', variable(x), constant(0)),
          [createHavoc(y, at(3), 'input'), createHavoc(u, at(4), 'input')],
          [createHavoc(u, at(5), 'input'), createHavoc(y, at(6), 'input')],
          at(2),
        ),
        createAssume(binary('notEqual', variable(x), constant(5)), at(7)),
        createHavoc(w, at(8), 'input'),
        createIf(binary('equal', variable(w), constant(0)), [createHavoc(h, at(10), 'input')], [], at(9)),
      ];
      const program = createProgram('havoc-order.c', scalars, arrays, body, 'ILP32');
      const executor = newExecutor(program, semantics);
      executor.executeBlock(body, { guard: trueTerm, state: executor.initialState() });
      const records = scalarRecords(executor);
      expect(records.map((record) => record.variable.name)).toEqual(['x', 'y', 'u', 'u', 'y', 'w', 'h']);
      const lineOf = new Map([
        [3, 'y'],
        [4, 'u'],
        [5, 'u'],
        [6, 'y'],
        [1, 'x'],
        [8, 'w'],
        [10, 'h'],
      ]);
      for (const [xValue, wValue, expected] of [
        [3n, 1n, ['x', 'y', 'u', 'w']],
        [-3n, 0n, ['x', 'u', 'y', 'w', 'h']],
        [0n, 0n, ['x', 'u', 'y', 'w', 'h']],
        [5n, 0n, ['x', 'y', 'u']],
      ] as const) {
        const values = new Map<string, bigint>([
          ['x', xValue],
          ['w', wValue],
        ]);
        // x and w as chosen, the others 1; a record whose guard is false gets no input
        const valuation = new Valuation(executor);
        const inputs: bigint[] = [];
        const reachedNames: string[] = [];
        for (const record of records) {
          const name = (record.value as { name: string }).name;
          if (valuation.bool(record.guard)) {
            const value = values.get(record.variable.name) ?? 1n;
            inputs.push(value);
            reachedNames.push(record.variable.name);
            valuation.set(name, termValue(value, record.variable.type, semantics));
          } else {
            valuation.set(name, termValue(0n, record.variable.type, semantics));
          }
        }
        expect(reachedNames).toEqual(expected);
        const consumed: string[] = [];
        let next = 0;
        runProgram(program, {
          semantics,
          maxSteps: 1000,
          nondet: {
            nextScalar: (_type, location) => {
              consumed.push(lineOf.get(location.line)!);
              return inputs[next++];
            },
            nextArray: () => undefined,
          },
        });
        expect(consumed).toEqual(expected);
      }
    });
  }

  it('a havoc value is a fresh constant with the range of its type (int) or of its sort (bv)', () => {
    const body = [createHavoc(u, at(1), 'input'), createHavoc(q, at(2), 'input')];
    const program = createProgram('havoc-range.c', scalars, arrays, body, 'ILP32');
    const intExecutor = newExecutor(program, 'int');
    const path = intExecutor.executeBlock(body, { guard: trueTerm, state: intExecutor.initialState() }).normal!;
    const [first, second] = scalarRecords(intExecutor);
    expect(path.state.scalars.get(u.id)).toBe(first!.value);
    expect(path.state.scalars.get(q.id)).toBe(second!.value);
    expect(intExecutor.constants).toContain(first!.value);
    const valuation = (value: bigint) => {
      const result = new Valuation(intExecutor);
      result.set((first!.value as { name: string }).name, value);
      result.set((second!.value as { name: string }).name, 0n);
      return result;
    };
    const rangeHolds = (value: bigint) =>
      valuation(value).constraints.every((constraint) => valuation(value).bool(constraint));
    expect(rangeHolds(0n)).toBe(true);
    expect(rangeHolds(255n)).toBe(true);
    expect(rangeHolds(256n)).toBe(false);
    expect(rangeHolds(-1n)).toBe(false);
    const bvExecutor = newExecutor(program, 'bv');
    bvExecutor.executeBlock(body, { guard: trueTerm, state: bvExecutor.initialState() });
    expect(scalarRecords(bvExecutor).map((record) => record.value.sort)).toEqual([
      { kind: 'bitvector', width: 8 },
      { kind: 'bitvector', width: 64 },
    ]);
    expect(bvExecutor.definitions).toEqual([]);
  });
});

// ---------------------------------------------------------------- merge, jumps and the loop hook

describe('symbolic executor: merge', () => {
  for (const semantics of semanticsList) {
    it(`${semantics} semantics: the merged path is the disjunction, each value the one of the first path whose guard holds`, () => {
      const program = createProgram('merge.c', scalars, arrays, [], 'ILP32');
      const executor = newExecutor(program, semantics);
      const start = executor.initialState();
      const guards = [symbol('g0', boolSort), symbol('g1', boolSort), symbol('g2', boolSort)];
      const paths = [
        executor.executeBlock(
          [createAssign(x, constant(1), at(1)), createArrayWrite(arr, [constant(0)], constant(5), at(2))],
          { guard: guards[0]!, state: start },
        ).normal!,
        executor.executeBlock([createAssign(x, constant(2), at(3))], { guard: guards[1]!, state: start }).normal!,
        executor.executeBlock([createAssign(x, constant(3), at(4)), createAssign(y, constant(9), at(5))], {
          guard: guards[2]!,
          state: start,
        }).normal!,
      ];
      const definitionsBefore = executor.definitions.length;
      const merged = executor.merge(paths)!;
      expect(merged).toBeDefined();
      // a value that is the same term on every path is kept as it is, and gets no definition
      expect(merged.state.scalars.get(u.id)).toBe(start.scalars.get(u.id));
      expect(merged.state.arrays.get(m.id)).toBe(start.arrays.get(m.id));
      expect(executor.definitions.length).toBeGreaterThan(definitionsBefore);
      for (let bits = 0; bits < 8; bits++) {
        const truth = guards.map((_, index) => (bits & (1 << index)) !== 0);
        const valuation = new Valuation(executor);
        guards.forEach((guard, index) => valuation.set(guard.name, truth[index]!));
        expect(valuation.bool(merged.guard)).toBe(truth.some(Boolean));
        const chosen = truth.indexOf(true);
        // under no true guard the value is the last path's (any value is fine there); check the taken cases
        if (chosen < 0) continue;
        const read = (path: Path, target: ScalarVariable) => valuation.evaluate(path.state.scalars.get(target.id)!);
        expect(read(merged, x)).toBe(read(paths[chosen]!, x));
        expect(read(merged, y)).toBe(read(paths[chosen]!, y));
        const cell = (path: Path) =>
          valuation.evaluate(executor.translate(createArrayRead(arr, [constant(0)]), path.state).term);
        expect(cell(merged)).toBe(cell(paths[chosen]!));
        expect(modelIntegerToValue(read(merged, x) as bigint, intType, semantics)).toBe(BigInt(chosen + 1));
      }
    });
  }

  it('merges nothing into an ended path and one path into itself', () => {
    const program = createProgram('merge.c', scalars, arrays, [], 'ILP32');
    const executor = newExecutor(program, 'int');
    const path: Path = { guard: symbol('g', boolSort), state: executor.initialState() };
    expect(executor.merge([])).toBeUndefined();
    expect(executor.merge([undefined, undefined])).toBeUndefined();
    expect(executor.merge([undefined, path, undefined])).toBe(path);
    expect(executor.definitions).toEqual([]);
  });

  it("an if joins its branches with merge: the value after it is the taken branch's", () => {
    for (const semantics of semanticsList) {
      const body = [
        createHavoc(x, at(1), 'input'),
        createIf(
          binary('less', variable(x), constant(0)),
          [createAssign(y, constant(-1), at(3))],
          [createAssign(y, constant(1), at(4))],
          at(2),
        ),
      ];
      const program = createProgram('join.c', scalars, arrays, body, 'ILP32');
      const executor = newExecutor(program, semantics);
      const normal = executor.executeBlock(body, { guard: trueTerm, state: executor.initialState() }).normal!;
      for (const value of [-5n, 0n, 7n]) {
        const valuation = new Valuation(executor);
        valuation.set(
          (scalarRecords(executor)[0]!.value as { name: string }).name,
          termValue(value, intType, semantics),
        );
        expect(valuation.bool(normal.guard)).toBe(true);
        expect(
          modelIntegerToValue(valuation.evaluate(normal.state.scalars.get(y.id)!) as bigint, intType, semantics),
        ).toBe(value < 0n ? -1n : 1n);
      }
    }
  });
});

describe('symbolic executor: jumps and loops', () => {
  for (const semantics of semanticsList) {
    it(`${semantics} semantics: break and continue paths carry the guard of reaching them and the state there`, () => {
      // havoc x; if (x > 0) break; if (x < -5) { y = x; continue; } x = x + 1;
      const body = [
        createHavoc(x, at(1), 'input'),
        createIf(binary('greater', variable(x), constant(0)), [createBreak(at(3))], [], at(2)),
        createIf(
          binary('less', variable(x), constant(-5)),
          [createAssign(y, variable(x), at(5)), createContinue(at(6))],
          [],
          at(4),
        ),
        createAssign(x, binary('add', variable(x), constant(1)), at(7)),
      ];
      const program = createProgram('jumps.c', scalars, arrays, body, 'ILP32');
      const executor = newExecutor(program, semantics);
      const result = executor.executeBlock(body, { guard: trueTerm, state: executor.initialState() });
      expect(result.breaks).toHaveLength(1);
      expect(result.continues).toHaveLength(1);
      const havoc = (scalarRecords(executor)[0]!.value as { name: string }).name;
      for (const value of [-9n, -5n, 0n, 1n, 40n]) {
        const valuation = new Valuation(executor);
        valuation.set(havoc, termValue(value, intType, semantics));
        const scalar = (path: Path, target: ScalarVariable) =>
          modelIntegerToValue(valuation.evaluate(path.state.scalars.get(target.id)!) as bigint, intType, semantics);
        expect(valuation.bool(result.breaks[0]!.guard)).toBe(value > 0n);
        expect(valuation.bool(result.continues[0]!.guard)).toBe(value < -5n);
        expect(valuation.bool(result.normal!.guard)).toBe(value >= -5n && value <= 0n);
        expect(scalar(result.breaks[0]!, x)).toBe(value);
        expect(scalar(result.continues[0]!, y)).toBe(value);
        if (value >= -5n && value <= 0n) expect(scalar(result.normal!, x)).toBe(value + 1n);
      }
    });
  }

  it('a loop goes to the loop hook with the current path and the executor; the block goes on with its answer', () => {
    const loop = createLoop(
      0,
      binary('less', variable(x), constant(10)),
      [createAssign(x, binary('add', variable(x), constant(1)), at(3))],
      [],
      at(2),
    );
    const body = [
      createHavoc(x, at(1), 'input'),
      loop,
      createAssign(y, binary('multiply', variable(x), constant(2)), at(4)),
    ];
    const program = createProgram('loop.c', scalars, arrays, body, 'ILP32');
    const calls: { loop: LoopStatement; path: Path; executor: SymbolicExecutor }[] = [];
    // the hook answers with the loop's exit: x = max(x, 10)
    const executor = newExecutor(program, 'int', 0, (statement, path, self) => {
      calls.push({ loop: statement, path, executor: self });
      const current = path.state.scalars.get(x.id)!;
      const exit = self.define('exit', ite(less(current, intConstant(10n)), intConstant(10n), current));
      return {
        guard: path.guard,
        state: { scalars: new Map(path.state.scalars).set(x.id, exit), arrays: path.state.arrays },
      };
    });
    const result = executor.executeBlock(body, { guard: trueTerm, state: executor.initialState() });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.loop).toBe(loop);
    expect(calls[0]!.executor).toBe(executor);
    expect(calls[0]!.path.state.scalars.get(x.id)).toBe(scalarRecords(executor)[0]!.value);
    for (const value of [-3n, 10n, 25n]) {
      const valuation = new Valuation(executor);
      valuation.set((scalarRecords(executor)[0]!.value as { name: string }).name, value);
      expect(valuation.evaluate(result.normal!.state.scalars.get(y.id)!)).toBe(2n * (value < 10n ? 10n : value));
    }
    // a hook that ends the path ends the block
    const ending = newExecutor(program, 'int', 0, () => undefined);
    expect(ending.executeBlock(body, { guard: trueTerm, state: ending.initialState() }).normal).toBeUndefined();
  });
});
