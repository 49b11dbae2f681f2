// A fast-check arbitrary of small C programs aimed at the C semantics an interpreter can get wrong,
// for the differential test of the interpreter against gcc (src/execution/differential.ts). The
// model is in c-semantics-model.ts, its printing as C (and the input vectors) in c-semantics-print.ts.
//
// Every program has the same objects, of types drawn per program from the twelve integer types
// (_Bool, char, signed and unsigned char, short, int, long, long long and their unsigned kinds):
// globals g0, g1, ga[4] and gs (a struct record of three fields), locals v0..v3, s, sa[2] (an array
// of structs) and m[2][3]; a helper function `helper(p, q, t)` (t a struct record passed by value)
// with a local r. The statements mix integer promotions and usual arithmetic conversions, casts and
// narrowing assignments, / and % on negative operands, shifts, bitwise operators, signed/unsigned
// comparisons, constants of every form (suffixes, hexadecimal, octal, character constants, sizeof),
// compound assignments, ++/-- (pre and post), ?:, side effects inside expressions (the right operand
// of && and ||, a branch of ?:, after a comma, an operand, a loop condition, an if condition, the
// index of an assigned cell), struct copies, loops (for and do-while) with break/continue, if/else,
// helper calls (argument and return conversions), assertions and assumptions, and nondet values
// anywhere. Every object is observed at the end of main (DifferentialProgram.observed).
//
// Undefined behaviour is excluded by construction where that is easy, and the rest is left to UBSan
// (the differential run drops such runs): every object is initialised (globals implicitly, locals
// explicitly, r without reading itself, so the interpreter's only choices are the nondet inputs);
// indices are masked or taken modulo the size; a divisor e is written `(e ? e : 1)` (INT_MIN / -1
// stays possible: UBSan); shift counts are `& 31` (every promoted operand has at least 32 bits); a
// side effect in an expression modifies a local scalar or field of s that nothing else in the
// statement reads (no unsequenced accesses; s is not passed to the helper there) and that the helper
// cannot see (so a call's order against it does not matter); the helper writes only its parameters
// and local. Signed overflow is allowed (gcc builds with -fwrapv).
//
// Nondet inputs: a local may be initialised by `__VERIFIER_nondet_<kind>()` (of any kind, so the
// value is converted on initialisation), and a short prologue assigns nondet values to globals or
// fields; these sites run unconditionally in a fixed order, so each input vector has one value per
// site in the range of the site's kind: special values (0, ±1, the type's extremes, powers of two)
// or uniform. Nondet statements elsewhere (in loops and branches) take the vector's further values,
// of kinds drawn per program; both sides convert a value to the type the call returns, as C does.

import fc from 'fast-check';
import type { DataModel } from '../../src/ir/types.js';
import {
  integerTypeNames,
  type ArithmeticOperator,
  type CProgramModel,
  type EffectModel,
  type ExpressionModel,
  type GeneratedCProgram,
  type IndexModel,
  type InitialiserModel,
  type InputChoice,
  type LvalueModel,
  type StatementModel,
  type StructReference,
} from './c-semantics-model.js';
import {
  fieldCount,
  localCount,
  maximumPrologue,
  maximumSites,
  printCProgram,
  specialChoiceCount,
} from './c-semantics-print.js';

export * from './c-semantics-model.js';
export { printCProgram, printExpression, printLvalue } from './c-semantics-print.js';

export interface CSemanticsOptions {
  /** input vectors per program; default 4 */
  readonly runsPerProgram?: number;
}

/** constants of every kind of type: suffixes, hexadecimal and octal, character constants, sizeof, limits */
const constantTexts: readonly string[] = [
  '0',
  '1',
  '2',
  '3',
  '5',
  '7',
  '10',
  '100',
  '127',
  '128',
  '255',
  '256',
  '-1',
  '-2',
  '-7',
  '-128',
  '-129',
  '32767',
  '32768',
  '65535',
  '65536',
  '-32768',
  '2147483647',
  '-2147483647',
  '2147483648',
  '-2147483648',
  '4294967295',
  '4294967296',
  '0x7f',
  '0xff',
  '0xffff',
  '0x7fffffff',
  '0x80000000',
  '0xffffffff',
  '010',
  '0777',
  '1u',
  '0u',
  '255u',
  '4294967295u',
  '0x80000000u',
  '1L',
  '-1L',
  '2147483648L',
  '1UL',
  '0xffffffffUL',
  '1LL',
  '-1LL',
  '9223372036854775807LL',
  '-9223372036854775807LL',
  '0x8000000000000000ULL',
  '0xffffffffffffffffULL',
  '4294967296ULL',
  "'a'",
  "'\\xff'",
  "'\\377'",
  "'\\0'",
  'sizeof(long)',
  'sizeof(int)',
  'sizeof(short)',
  '((char)200)',
  '((unsigned char)-1)',
];

const typeName = fc.constantFrom(...integerTypeNames);
const constant: fc.Arbitrary<ExpressionModel> = fc
  .constantFrom(...constantTexts)
  .map((text) => ({ kind: 'constant', text }));
const arithmeticOperators: readonly ArithmeticOperator[] = [
  '+',
  '-',
  '*',
  '&',
  '|',
  '^',
  '<',
  '<=',
  '>',
  '>=',
  '==',
  '!=',
  '&&',
  '||',
];

/** where expressions and statements are generated: main inside `loops` loops, or the helper */
interface Pool {
  readonly key: string;
  readonly inHelper: boolean;
  /** readable scalars (main: g0, g1, v0..v3 and the loop counters; helper: p, q, r, g0, g1) */
  readonly readableScalars: readonly string[];
  readonly writableScalars: readonly string[];
  readonly loops: number;
}

function mainPool(loops: number): Pool {
  const counters = Array.from({ length: loops }, (_unused, depth) => `k${depth}`);
  const writable = ['g0', 'g1', ...Array.from({ length: localCount }, (_unused, index) => `v${index}`)];
  return {
    key: `main${loops}`,
    inHelper: false,
    readableScalars: [...writable, ...counters],
    writableScalars: writable,
    loops,
  };
}
const helperPool: Pool = {
  key: 'helper',
  inHelper: true,
  readableScalars: ['p', 'q', 'r', 'g0', 'g1'],
  writableScalars: ['p', 'q', 'r'],
  loops: 0,
};

const field = fc.nat(fieldCount - 1);
const memory = new Map<string, fc.Arbitrary<unknown>>();
function memoised<T>(key: string, build: () => fc.Arbitrary<T>): fc.Arbitrary<T> {
  let found = memory.get(key);
  if (found === undefined) {
    found = build();
    memory.set(key, found);
  }
  return found as fc.Arbitrary<T>;
}

function index(pool: Pool, depth: number): fc.Arbitrary<IndexModel> {
  return memoised(`index ${pool.key} ${depth}`, () => {
    const constantIndex = fc.nat(5).map((value): IndexModel => ({ kind: 'constant', value }));
    if (depth === 0) return constantIndex;
    const inner = expression(pool, depth - 1);
    return fc.oneof(
      { arbitrary: constantIndex, weight: 2 },
      { arbitrary: inner.map((value): IndexModel => ({ kind: 'masked', expression: value })), weight: 2 },
      { arbitrary: inner.map((value): IndexModel => ({ kind: 'modulo', expression: value })), weight: 1 },
    );
  });
}

/** an lvalue of the pool: readable or writable; indices are expressions of depth below `depth` */
function lvalue(pool: Pool, depth: number, access: 'read' | 'write'): fc.Arbitrary<LvalueModel> {
  return memoised(`lvalue ${pool.key} ${depth} ${access}`, () => {
    const names = access === 'read' ? pool.readableScalars : pool.writableScalars;
    const scalar = fc.constantFrom(...names).map((name): LvalueModel => ({ kind: 'scalar', name }));
    const globalField = field.map((value): LvalueModel => ({ kind: 'field', base: 'gs', field: value }));
    const globalCell = index(pool, depth).map((value): LvalueModel => ({ kind: 'globalCell', index: value }));
    if (pool.inHelper) {
      const parameterField = field.map((value): LvalueModel => ({ kind: 'field', base: 't', field: value }));
      return access === 'read'
        ? fc.oneof({ arbitrary: scalar, weight: 4 }, parameterField, globalField, globalCell)
        : fc.oneof({ arbitrary: scalar, weight: 3 }, parameterField);
    }
    return fc.oneof(
      { arbitrary: scalar, weight: 5 },
      {
        arbitrary: fc
          .tuple(fc.constantFrom<'s' | 'gs'>('s', 'gs'), field)
          .map(([base, value]): LvalueModel => ({ kind: 'field', base, field: value })),
        weight: 2,
      },
      { arbitrary: globalCell, weight: 1 },
      {
        arbitrary: fc
          .tuple(index(pool, depth), field)
          .map(([at, value]): LvalueModel => ({ kind: 'structCell', index: at, field: value })),
        weight: 1,
      },
      {
        arbitrary: fc
          .tuple(index(pool, depth), index(pool, depth))
          .map(([row, column]): LvalueModel => ({ kind: 'matrixCell', row, column })),
        weight: 1,
      },
    );
  });
}

function expression(pool: Pool, depth: number): fc.Arbitrary<ExpressionModel> {
  return memoised(`expression ${pool.key} ${depth}`, () => {
    const read = lvalue(pool, depth, 'read').map((target): ExpressionModel => ({ kind: 'read', target }));
    const leaf = fc.oneof({ arbitrary: constant, weight: 2 }, { arbitrary: read, weight: 3 });
    if (depth === 0) return leaf;
    const inner = expression(pool, depth - 1);
    const pair = fc.tuple(inner, inner);
    const choices: fc.WeightedArbitrary<ExpressionModel>[] = [
      { arbitrary: leaf, weight: 3 },
      {
        arbitrary: fc
          .tuple(fc.constantFrom<'-' | '~' | '!' | '+'>('-', '~', '!', '+'), inner)
          .map(([operator, operand]): ExpressionModel => ({ kind: 'unary', operator, operand })),
        weight: 1,
      },
      {
        arbitrary: fc
          .tuple(typeName, inner)
          .map(([type, operand]): ExpressionModel => ({ kind: 'cast', type, operand })),
        weight: 2,
      },
      {
        arbitrary: fc
          .tuple(fc.constantFrom(...arithmeticOperators), pair)
          .map(([operator, [left, right]]): ExpressionModel => ({ kind: 'binary', operator, left, right })),
        weight: 5,
      },
      {
        arbitrary: fc
          .tuple(fc.constantFrom<'<<' | '>>'>('<<', '>>'), pair)
          .map(([operator, [left, right]]): ExpressionModel => ({ kind: 'shift', operator, left, right })),
        weight: 1,
      },
      {
        arbitrary: fc
          .tuple(fc.constantFrom<'/' | '%'>('/', '%'), pair)
          .map(([operator, [left, right]]): ExpressionModel => ({ kind: 'division', operator, left, right })),
        weight: 2,
      },
      {
        arbitrary: fc.tuple(inner, pair).map(([condition, [then, otherwise]]): ExpressionModel => ({
          kind: 'conditional',
          condition,
          then,
          else: otherwise,
        })),
        weight: 1,
      },
    ];
    if (!pool.inHelper) {
      choices.push({
        arbitrary: fc
          .tuple(pair, structReference(pool))
          .map(([[first, second], third]): ExpressionModel => ({ kind: 'call', first, second, third })),
        weight: 1,
      });
    }
    return fc.oneof(...choices);
  });
}

/** a condition: mostly a comparison of two expressions (so that about half of the inputs pass it) */
function condition(pool: Pool): fc.Arbitrary<ExpressionModel> {
  return memoised(`condition ${pool.key}`, () =>
    fc.oneof(
      {
        arbitrary: fc
          .tuple(
            fc.constantFrom<ArithmeticOperator>('<', '<=', '>', '>=', '!='),
            expression(pool, 2),
            expression(pool, 1),
          )
          .map(([operator, left, right]): ExpressionModel => ({ kind: 'binary', operator, left, right })),
        weight: 3,
      },
      { arbitrary: expression(pool, 2), weight: 1 },
    ),
  );
}

// ---------------------------------------------------------------- side effects inside expressions

function sameLvalue(left: LvalueModel, right: LvalueModel): boolean {
  if (left.kind === 'scalar' && right.kind === 'scalar') return left.name === right.name;
  if (left.kind === 'field' && right.kind === 'field') return left.base === right.base && left.field === right.field;
  return false;
}

/** the expression with every read of `target` (a scalar or a field) replaced by the constant 1 */
function withoutReadsOf(value: ExpressionModel, target: LvalueModel): ExpressionModel {
  const inner = (operand: ExpressionModel): ExpressionModel => withoutReadsOf(operand, target);
  switch (value.kind) {
    case 'constant':
      return value;
    case 'read':
      return sameLvalue(value.target, target)
        ? { kind: 'constant', text: '1' }
        : { kind: 'read', target: lvalueWithoutReadsOf(value.target, target) };
    case 'unary':
      return { ...value, operand: inner(value.operand) };
    case 'cast':
      return { ...value, operand: inner(value.operand) };
    case 'binary':
    case 'shift':
    case 'division':
      return { ...value, left: inner(value.left), right: inner(value.right) };
    case 'conditional':
      return { ...value, condition: inner(value.condition), then: inner(value.then), else: inner(value.else) };
    case 'call':
      return {
        ...value,
        first: inner(value.first),
        second: inner(value.second),
        third: structWithoutReadsOf(value.third, target),
      };
    default: {
      const never: never = value;
      throw new Error(`unknown expression ${JSON.stringify(never)}`);
    }
  }
}

/** a struct argument that does not read `target`: s is replaced by gs when target is a field of s */
function structWithoutReadsOf(reference: StructReference, target: LvalueModel): StructReference {
  if (reference.kind === 'sa') return { kind: 'sa', index: indexWithoutReadsOf(reference.index, target) };
  return reference.kind === 's' && target.kind === 'field' && target.base === 's' ? { kind: 'gs' } : reference;
}

function indexWithoutReadsOf(at: IndexModel, target: LvalueModel): IndexModel {
  return at.kind === 'constant' ? at : { ...at, expression: withoutReadsOf(at.expression, target) };
}

function lvalueWithoutReadsOf(value: LvalueModel, target: LvalueModel): LvalueModel {
  switch (value.kind) {
    case 'scalar':
    case 'field':
      return value;
    case 'globalCell':
    case 'structCell':
      return { ...value, index: indexWithoutReadsOf(value.index, target) };
    case 'matrixCell':
      return {
        ...value,
        row: indexWithoutReadsOf(value.row, target),
        column: indexWithoutReadsOf(value.column, target),
      };
    default: {
      const never: never = value;
      throw new Error(`unknown lvalue ${JSON.stringify(never)}`);
    }
  }
}

/** a side effect on one of main's local scalars or fields of s */
function effect(pool: Pool): fc.Arbitrary<EffectModel> {
  return memoised(`effect ${pool.key}`, () => {
    const target = fc.oneof(
      fc
        .constantFrom(...Array.from({ length: localCount }, (_unused, at) => `v${at}`))
        .map((name): LvalueModel => ({ kind: 'scalar', name })),
      field.map((value): LvalueModel => ({ kind: 'field', base: 's', field: value })),
    );
    return fc.oneof(
      fc
        .tuple(fc.constantFrom<'++' | '--'>('++', '--'), fc.boolean(), target)
        .map(([operator, prefix, to]): EffectModel => ({ kind: 'increment', operator, prefix, target: to })),
      fc
        .tuple(
          fc.constantFrom<'=' | '+=' | '-=' | '*=' | '&=' | '|=' | '^='>('=', '+=', '-=', '*=', '&=', '|=', '^='),
          target,
          expression(pool, 1),
        )
        .map(([operator, to, value]): EffectModel => ({ kind: 'assignment', operator, target: to, value })),
    );
  });
}

interface EffectExpression {
  readonly shape: ArithmeticOperator | '?:' | ',';
  readonly other: ExpressionModel;
  readonly second: ExpressionModel;
  readonly effect: EffectModel;
}

/** `other OP (effect)`, `other && (effect)`, `other ? (effect) : second` and kin: the effect's object is read nowhere else */
function effectExpression(pool: Pool): fc.Arbitrary<EffectExpression> {
  return memoised(`effect expression ${pool.key}`, () => {
    const shape = fc.constantFrom<ArithmeticOperator | '?:' | ','>('&&', '||', '?:', ',', '+', '*', '^', '<', '!=');
    return fc
      .tuple(shape, expression(pool, 2), expression(pool, 1), effect(pool))
      .map(([chosenShape, other, second, chosen]): EffectExpression => ({
        shape: chosenShape,
        effect: chosen,
        other: withoutReadsOf(other, chosen.target),
        second: withoutReadsOf(second, chosen.target),
      }));
  });
}

/** `target = <effect expression>`: the target is not the effect's object, and its indices do not read it */
function effectStatement(pool: Pool): fc.Arbitrary<StatementModel> {
  return fc
    .tuple(lvalue(pool, 1, 'write'), effectExpression(pool))
    .filter(([target, parts]) => !sameLvalue(target, parts.effect.target))
    .map(([target, parts]): StatementModel => ({
      kind: 'effect',
      ...parts,
      target: lvalueWithoutReadsOf(target, parts.effect.target),
    }));
}

/** an assignment to a cell whose index has the side effect; the assigned value does not read the effect's object */
function indexEffectStatement(pool: Pool): fc.Arbitrary<StatementModel> {
  return fc
    .tuple(
      fc.constantFrom<'ga' | 'sa' | 'm'>('ga', 'sa', 'm'),
      field,
      effect(pool),
      fc.constantFrom<'=' | '+=' | '^=' | '*='>('=', '+=', '^=', '*='),
      expression(pool, 2),
    )
    .map(([array, chosenField, chosen, operator, value]): StatementModel => ({
      kind: 'indexEffect',
      array,
      field: chosenField,
      effect: chosen,
      operator,
      value: withoutReadsOf(value, chosen.target),
    }));
}

// ---------------------------------------------------------------- statements

/** values each input vector has beyond the sites, for nondet statements (in loops and branches) */
const extraInputCount = 6;
const compoundOperators = ['+=', '-=', '*=', '&=', '|=', '^=', '/=', '%=', '<<=', '>>='] as const;
const maximumNesting = 2;

function structReference(pool: Pool): fc.Arbitrary<StructReference> {
  return fc.oneof(
    fc.constant<StructReference>({ kind: 's' }),
    fc.constant<StructReference>({ kind: 'gs' }),
    index(pool, 1).map((at): StructReference => ({ kind: 'sa', index: at })),
  );
}

function simpleStatements(pool: Pool): fc.WeightedArbitrary<StatementModel>[] {
  const target = lvalue(pool, 1, 'write');
  const choices: fc.WeightedArbitrary<StatementModel>[] = [
    {
      arbitrary: fc
        .tuple(target, expression(pool, 2))
        .map(([to, value]): StatementModel => ({ kind: 'assign', target: to, value })),
      weight: 5,
    },
    {
      arbitrary: fc
        .tuple(target, fc.constantFrom(...compoundOperators), expression(pool, 2))
        .map(([to, operator, value]): StatementModel => ({ kind: 'compound', target: to, operator, value })),
      weight: 3,
    },
    {
      arbitrary: fc
        .tuple(target, fc.constantFrom<'++' | '--'>('++', '--'), fc.boolean())
        .map(([to, operator, prefix]): StatementModel => ({ kind: 'increment', target: to, operator, prefix })),
      weight: 2,
    },
    { arbitrary: condition(pool).map((value): StatementModel => ({ kind: 'assert', condition: value })), weight: 1 },
    { arbitrary: condition(pool).map((value): StatementModel => ({ kind: 'errorIf', condition: value })), weight: 1 },
  ];
  if (pool.inHelper) {
    choices.push({
      arbitrary: fc
        .tuple(condition(pool), expression(pool, 2))
        .map(([test, value]): StatementModel => ({ kind: 'returnIf', condition: test, value })),
      weight: 1,
    });
    return choices;
  }
  choices.push(
    { arbitrary: effectStatement(pool), weight: 3 },
    { arbitrary: indexEffectStatement(pool), weight: 1 },
    {
      arbitrary: fc
        .tuple(structReference(pool), structReference(pool))
        .map(([to, from]): StatementModel => ({ kind: 'structCopy', target: to, source: from })),
      weight: 1,
    },
    { arbitrary: condition(pool).map((value): StatementModel => ({ kind: 'assume', condition: value })), weight: 1 },
    {
      arbitrary: fc.tuple(target, typeName).map(([to, type]): StatementModel => ({ kind: 'nondet', target: to, type })),
      weight: 1,
    },
  );
  if (pool.loops > 0) {
    choices.push({
      arbitrary: fc
        .tuple(condition(pool), fc.constantFrom<'break' | 'continue'>('break', 'continue'))
        .map(([test, jump]): StatementModel => ({ kind: 'jumpIf', condition: test, jump })),
      weight: 1,
    });
  }
  return choices;
}

function statement(pool: Pool, nesting: number): fc.Arbitrary<StatementModel> {
  return memoised(`statement ${pool.key} ${nesting}`, () => {
    const choices = simpleStatements(pool);
    if (nesting < maximumNesting) {
      choices.push({
        arbitrary: fc
          .tuple(condition(pool), statements(pool, nesting + 1, 1, 3), statements(pool, nesting + 1, 0, 2))
          .map(([test, then, otherwise]): StatementModel => ({ kind: 'if', condition: test, then, else: otherwise })),
        weight: 2,
      });
      if (!pool.inHelper) {
        const bound = fc.oneof(
          fc.integer({ min: 0, max: 4 }).map((value): ExpressionModel => ({ kind: 'constant', text: String(value) })),
          expression(pool, 1).map((value): ExpressionModel => ({
            kind: 'binary',
            operator: '&',
            left: value,
            right: { kind: 'constant', text: '3' },
          })),
        );
        const guard = fc.option(effect(pool), { nil: undefined, freq: 3 });
        choices.push({
          arbitrary: fc
            .tuple(
              fc.constantFrom<'for' | 'doWhile'>('for', 'for', 'doWhile'),
              bound,
              guard,
              statements(mainPool(pool.loops + 1), nesting + 1, 1, 4),
            )
            .map(([form, limit, chosenGuard, body]): StatementModel => ({
              kind: 'loop',
              form,
              bound: limit,
              guard: chosenGuard,
              body,
            })),
          weight: 2,
        });
        choices.push({
          arbitrary: fc
            .tuple(effectExpression(pool), statements(pool, nesting + 1, 1, 3), statements(pool, nesting + 1, 0, 2))
            .map(([parts, then, otherwise]): StatementModel => ({ kind: 'effectIf', ...parts, then, else: otherwise })),
          weight: 1,
        });
      }
    }
    return fc.oneof(...choices);
  });
}

function statements(
  pool: Pool,
  nesting: number,
  minLength: number,
  maxLength: number,
): fc.Arbitrary<readonly StatementModel[]> {
  return memoised(`statements ${pool.key} ${nesting} ${minLength} ${maxLength}`, () =>
    fc.array(statement(pool, nesting), { minLength, maxLength }),
  );
}

// ---------------------------------------------------------------- programs

const constantText = fc.constantFrom(...constantTexts);
const initialiser: fc.Arbitrary<InitialiserModel> = fc.oneof(
  { arbitrary: constantText.map((text): InitialiserModel => ({ kind: 'constant', text })), weight: 1 },
  { arbitrary: typeName.map((type): InitialiserModel => ({ kind: 'nondet', type })), weight: 2 },
);
const prologueTarget: fc.Arbitrary<LvalueModel> = fc.oneof(
  fc.constantFrom<LvalueModel>({ kind: 'scalar', name: 'g0' }, { kind: 'scalar', name: 'g1' }),
  fc
    .tuple(fc.constantFrom<'s' | 'gs'>('s', 'gs'), field)
    .map(([base, value]): LvalueModel => ({ kind: 'field', base, field: value })),
  fc.nat(3).map((value): LvalueModel => ({ kind: 'globalCell', index: { kind: 'constant', value } })),
  fc
    .tuple(fc.nat(1), field)
    .map(([at, value]): LvalueModel => ({ kind: 'structCell', index: { kind: 'constant', value: at }, field: value })),
);
const inputChoice: fc.Arbitrary<InputChoice> = fc.oneof(
  { arbitrary: fc.nat(specialChoiceCount - 1).map((at): InputChoice => ({ kind: 'special', index: at })), weight: 3 },
  { arbitrary: fc.bigInt(0n, (1n << 64n) - 1n).map((bits): InputChoice => ({ kind: 'uniform', bits })), weight: 2 },
);

function exactly<T>(arbitrary: fc.Arbitrary<T>, length: number): fc.Arbitrary<T[]> {
  return fc.array(arbitrary, { minLength: length, maxLength: length });
}

/** the model of a program (data-model independent) with `runsPerProgram` input choices */
export function cProgramModel(options: CSemanticsOptions = {}): fc.Arbitrary<CProgramModel> {
  const runs = options.runsPerProgram ?? 4;
  return fc.record({
    fieldTypes: exactly(typeName, fieldCount),
    globalTypes: exactly(typeName, 2),
    globalInitial: exactly(fc.option(constantText, { nil: undefined }), 2),
    globalArrayType: typeName,
    globalArrayInitial: fc.option(fc.array(constantText, { minLength: 1, maxLength: 4 }), { nil: undefined }),
    globalStructInitial: fc.option(exactly(constantText, fieldCount), { nil: undefined }),
    localTypes: exactly(typeName, localCount),
    localInitial: exactly(initialiser, localCount),
    structInitial: exactly(constantText, fieldCount),
    structArrayInitial: exactly(exactly(constantText, fieldCount), 2),
    matrixType: typeName,
    matrixInitial: exactly(fc.array(constantText, { minLength: 1, maxLength: 3 }), 2),
    prologue: fc.array(fc.record({ target: prologueTarget, type: typeName }), { maxLength: maximumPrologue }),
    helper: fc.record({
      returnType: typeName,
      parameterTypes: exactly(typeName, 2),
      localType: typeName,
      // r is in scope in its own initialiser, where its value is indeterminate
      localInitial: expression(helperPool, 2).map((value) => withoutReadsOf(value, { kind: 'scalar', name: 'r' })),
      body: statements(helperPool, 1, 0, 3),
      result: expression(helperPool, 2),
    }),
    body: statements(mainPool(0), 0, 2, 8),
    inputs: exactly(exactly(inputChoice, maximumSites), runs),
    extraInputTypes: exactly(typeName, extraInputCount),
    extraInputs: exactly(exactly(inputChoice, extraInputCount), runs),
  });
}

/** programs printed for `dataModel`, with their observed expressions and input vectors */
export function cSemanticsProgram(
  dataModel: DataModel,
  options: CSemanticsOptions = {},
): fc.Arbitrary<GeneratedCProgram> {
  return cProgramModel(options).map((model) => printCProgram(model, dataModel));
}
