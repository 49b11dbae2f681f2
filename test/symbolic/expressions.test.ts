// Property tests of the IR → SMT expression translation in both semantics: for random expressions
// over havoc'd variables, the translated term (evaluated with a small term evaluator) agrees with the
// interpreter — same value, same condition, and undefined exactly where the interpreter stops with
// undefined behaviour.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boolType,
  charType,
  createAssert,
  createBinary,
  createCast,
  createConditional,
  createConstant,
  createHavoc,
  createProgram,
  createScalarVariable,
  createUnary,
  createVariableExpression,
  intType,
  longLongType,
  shortType,
  typeRange,
  unsignedCharType,
  unsignedIntType,
} from '../../src/ir/factory.js';
import type { BinaryOperator, Expression, IntegerType, Semantics, UnaryOperator } from '../../src/ir/types.js';
import { replayCounterexample } from '../../src/interp/interpreter.js';
import { ExpressionTranslator, constantTerm, modelIntegerToValue, scalarSort } from '../../src/symbolic/expressions.js';
import { symbol, type Term } from '../../src/smt/terms.js';
import { evaluateTerm, type EvaluatedValue } from '../support/term-evaluator.js';

const location = { line: 1, column: 1 };
const variables = [
  createScalarVariable(0, 'a', 'a', intType, undefined),
  createScalarVariable(1, 'b', 'b', unsignedCharType, undefined),
  createScalarVariable(2, 'c', 'c', longLongType, undefined),
  createScalarVariable(3, 'd', 'd', unsignedIntType, undefined),
];
const types: IntegerType[] = [intType, unsignedIntType, charType, unsignedCharType, shortType, longLongType, boolType];

/** C promotes _Bool before arithmetic: IR arithmetic never has the type _Bool */
function promoted(expression: Expression): Expression {
  return expression.type === boolType ? createCast(expression, intType) : expression;
}

function convert(expression: Expression, type: IntegerType): Expression {
  return expression.type === type ? expression : createCast(expression, type);
}

const constantArbitrary = fc
  .oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom(-2147483648, 2147483647, 255, 128, -1, 7, 15, 31))
  .map((value) => createConstant(BigInt(value), intType));

const expressionArbitrary: fc.Arbitrary<Expression> = fc.letrec<{ expression: Expression }>((tie) => ({
  expression: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...variables).map((variable) => createVariableExpression(variable) as Expression),
    constantArbitrary as fc.Arbitrary<Expression>,
    fc
      .tuple(fc.constantFrom<UnaryOperator>('negate', 'bitwiseNot', 'logicalNot'), tie('expression'))
      .map(([operator, operand]) => createUnary(operator, promoted(operand)) as Expression),
    fc
      .tuple(
        fc.constantFrom<BinaryOperator>(
          'add',
          'subtract',
          'multiply',
          'divide',
          'remainder',
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
        ),
        tie('expression'),
        tie('expression'),
      )
      .map(([operator, left, right]) => {
        if (operator === 'logicalAnd' || operator === 'logicalOr')
          return createBinary(operator, left, right) as Expression;
        return createBinary(operator, promoted(left), convert(right, promoted(left).type)) as Expression;
      }),
    fc
      .tuple(
        fc.constantFrom<BinaryOperator>('shiftLeft', 'shiftRight'),
        tie('expression'),
        fc.integer({ min: -1, max: 70 }),
      )
      .map(
        ([operator, left, count]) =>
          createBinary(operator, promoted(left), createConstant(BigInt(count), intType)) as Expression,
      ),
    fc
      .tuple(tie('expression'), tie('expression'), tie('expression'))
      .map(
        ([condition, thenValue, elseValue]) =>
          createConditional(condition, thenValue, convert(elseValue, thenValue.type)) as Expression,
      ),
    fc
      .tuple(tie('expression'), fc.constantFrom(...types))
      .map(([operand, type]) => createCast(operand, type) as Expression),
  ),
})).expression;

const valuesArbitrary = fc.tuple(
  ...variables.map((variable) => {
    const { minimum, maximum } = typeRange(variable.type);
    return fc.oneof(
      fc.bigInt({ min: minimum, max: maximum }),
      fc.constantFrom(minimum, maximum, 0n, 1n, -1n < minimum ? 0n : -1n),
    );
  }),
);

function toTermValue(value: bigint, type: IntegerType, semantics: Semantics): bigint {
  if (semantics === 'int') return value;
  const modulus = 1n << BigInt(type.width);
  return ((value % modulus) + modulus) % modulus;
}

function check(semantics: Semantics, expression: Expression, values: readonly bigint[]): 'checked' | 'skipped' {
  const translator = new ExpressionTranslator(semantics);
  let opaque = false;
  const environment = {
    scalar: (variable: (typeof variables)[number]) => symbol(variable.name, scalarSort(variable.type, semantics)),
    array: () => {
      throw new Error('no arrays');
    },
    opaque: (_operation: string, _operands: readonly Term[], sort: Parameters<typeof symbol>[1]) => {
      opaque = true;
      return symbol('opaque', sort);
    },
  };
  const value = translator.translate(expression, environment);
  const condition = translator.toBool(expression, environment);
  if (opaque) return 'skipped';
  const assignment = new Map<string, EvaluatedValue>(
    variables.map((variable, index) => [variable.name, toTermValue(values[index]!, variable.type, semantics)]),
  );
  const defined = evaluateTerm(value.definedness, assignment);
  const result = evaluateTerm(value.term, assignment);
  const conditionResult = evaluateTerm(condition.term, assignment);
  expect(defined).toBeTypeOf('boolean');
  expect(evaluateTerm(condition.definedness, assignment)).toBe(defined);
  const havocs = variables.map((variable) => createHavoc(variable, location));
  // value check: assert(expression != v) fails exactly when the interpreter computes v
  if (defined) {
    expect(typeof result).toBe('bigint');
    const computed = modelIntegerToValue(result as bigint, expression.type, semantics);
    const valueProgram = createProgram(
      'test.c',
      variables,
      [],
      [
        ...havocs,
        createAssert(createBinary('notEqual', expression, createConstant(computed, expression.type)), location),
      ],
      'ILP32',
    );
    const outcome = replayCounterexample(valueProgram, { scalars: [...values], arrays: [] }, semantics);
    expect(outcome.kind, `value ${computed}`).toBe('assertionFailed');
    expect(conditionResult).toBe(computed !== 0n);
  } else {
    const program = createProgram('test.c', variables, [], [...havocs, createAssert(expression, location)], 'ILP32');
    const outcome = replayCounterexample(program, { scalars: [...values], arrays: [] }, semantics);
    expect(outcome.kind).toBe('undefinedBehaviour');
  }
  return 'checked';
}

describe('expression translation agrees with the interpreter', () => {
  for (const semantics of ['int', 'bv'] as const) {
    it(`${semantics} semantics`, () => {
      let checked = 0;
      fc.assert(
        fc.property(expressionArbitrary, valuesArbitrary, (expression, values) => {
          if (check(semantics, expression, values) === 'checked') checked++;
        }),
        { numRuns: 1500 },
      );
      expect(checked).toBeGreaterThan(500);
    });
  }

  it('int semantics: C division truncates toward zero', () => {
    for (const [left, right] of [
      [7n, 2n],
      [-7n, 2n],
      [7n, -2n],
      [-7n, -2n],
    ] as const) {
      const expression = createBinary('divide', createConstant(left), createVariableExpression(variables[0]!));
      const remainder = createBinary('remainder', createConstant(left), createVariableExpression(variables[0]!));
      const translator = new ExpressionTranslator('int');
      const environment = {
        scalar: () => symbol('a', scalarSort(intType, 'int')),
        array: () => {
          throw new Error('none');
        },
        opaque: () => {
          throw new Error('none');
        },
      };
      const assignment = new Map<string, EvaluatedValue>([['a', right]]);
      expect(evaluateTerm(translator.translate(expression, environment).term, assignment)).toBe(left / right);
      expect(evaluateTerm(translator.translate(remainder, environment).term, assignment)).toBe(left % right);
    }
  });

  it('bv semantics: constants are of the type width', () => {
    expect(constantTerm(-1n, charType, 'bv')).toMatchObject({ value: 255n, sort: { kind: 'bitvector', width: 8 } });
  });
});
