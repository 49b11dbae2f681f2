// Translation of IR expressions into SMT terms, shared by every encoding, in both semantics.
//
// - `int` semantics: every scalar is an SMT Int. C division and remainder truncate toward zero and
//   are built from SMT's Euclidean div/mod with an ite on the dividend's sign. Shifts by constants are
//   multiplications / floor divisions by powers of two. Bitwise operators are exact in special cases
//   (a constant mask 2^k-1 is `mod 2^k`, which is exact for all integers in infinite two's complement;
//   operands known to be 0/1) and otherwise an opaque value produced by the encoder's `opaque` hook
//   (an uninterpreted function in bmc, a fresh clause variable in chc). Opaque values over-approximate
//   the program (sound for SAFE); every counterexample is replayed anyway. Each use of an opaque value
//   is recorded in `inexactReasons`. Casts are the identity except a cast to _Bool (x != 0).
// - `bv` semantics: a scalar of width w is a (_ BitVec w); operators are chosen signed/unsigned by the
//   operand type; casts are extract / sign_extend / zero_extend.
// - Division or remainder by zero: the translation returns a definedness condition (divisor != 0,
//   guarded by the evaluation context of short-circuit and conditional operators). Callers end the
//   path when it is false, exactly as the interpreter stops with `undefinedBehaviour`: verdicts are
//   about runs that do not divide by zero.
// - Arrays: an n-dimensional array is a nested SMT array (Array I (Array I ... E)), which keeps index
//   arithmetic linear. I is Int in int semantics and (_ BitVec 64) in bv semantics (indices are
//   sign- or zero-extended to 64 bits by their type; an index wider than 64 bits is truncated and
//   recorded as inexact). E is Int or (_ BitVec w) of the element type.
// - Conditions: `toBool` translates comparisons and logical operators directly into Bool terms.

import { isExactDivision } from '../analysis/exact-division.js';
import { bitPatternConversion, isBoolType, typeRange } from '../ir/c-integers.js';
import type { ArrayVariable, Expression, IntegerType, ScalarVariable, Semantics } from '../ir/types.js';
import {
  and,
  arraySort,
  bitvectorBinary,
  bitvectorComparison,
  bitvectorConstant,
  bitvectorSort,
  bitvectorUnary,
  boolConstant,
  equal,
  euclideanDivide,
  euclideanModulo,
  extract,
  greaterEqual,
  implies,
  intConstant,
  intSort,
  ite,
  lessEqual,
  multiply,
  negate,
  not,
  or,
  select,
  signExtend,
  subtract,
  zeroExtend,
  add,
  less,
  greater,
  trueTerm,
  type BitvectorBinaryOperator,
  type BitvectorComparisonOperator,
  type Sort,
  type Term,
} from '../smt/terms.js';

/** bits of an array index in bv semantics */
export const bitvectorIndexWidth = 64;

export function scalarSort(type: IntegerType, semantics: Semantics): Sort {
  return semantics === 'int' ? intSort : bitvectorSort(type.width);
}

export function indexSort(semantics: Semantics): Sort {
  return semantics === 'int' ? intSort : bitvectorSort(bitvectorIndexWidth);
}

/** nested array sort: one level per dimension */
export function arrayVariableSort(array: ArrayVariable, semantics: Semantics): Sort {
  let sort = scalarSort(array.elementType, semantics);
  for (let dimension = 0; dimension < array.sizes.length; dimension++) sort = arraySort(indexSort(semantics), sort);
  return sort;
}

/** the constant `value` of the given C type as a term */
export function constantTerm(value: bigint, type: IntegerType, semantics: Semantics): Term {
  return semantics === 'int' ? intConstant(value) : bitvectorConstant(value, type.width);
}

/** the range constraint of a havoc'd value (int semantics only; bit-vectors are in range by sort) */
export function rangeConstraint(term: Term, type: IntegerType, semantics: Semantics): Term {
  if (semantics === 'bv') return trueTerm;
  const { minimum, maximum } = typeRange(type);
  return and(lessEqual(intConstant(minimum), term), lessEqual(term, intConstant(maximum)));
}

/** reads an SMT model value of a scalar of `type` back as the C value (bit-vectors come unsigned) */
export function modelIntegerToValue(value: bigint, type: IntegerType, semantics: Semantics): bigint {
  if (semantics === 'int') return value;
  // the bit pattern read in the type (a _Bool's pattern is 0 or 1 already)
  return type.signed ? BigInt.asIntN(type.width, value) : BigInt.asUintN(type.width, value);
}

/** a bit-vector term of `type` as the bit pattern of the same value in `width` bits (C's conversion, ir/c-integers.ts; _Bool excluded) */
export function convertedBitPattern(term: Term, type: IntegerType, width: number): Term {
  const conversion = bitPatternConversion(type, width);
  switch (conversion.kind) {
    case 'same':
      return term;
    case 'truncate':
      return extract(conversion.width - 1, 0, term);
    case 'extend':
      return conversion.signed ? signExtend(conversion.bits, term) : zeroExtend(conversion.bits, term);
    default: {
      const never: never = conversion;
      return never;
    }
  }
}

/** reads a model value of an array index back as the mathematical index */
export function modelIndexToValue(value: bigint, semantics: Semantics): bigint {
  if (semantics === 'int') return value;
  const modulus = 1n << BigInt(bitvectorIndexWidth);
  const normalised = ((value % modulus) + modulus) % modulus;
  return normalised >= modulus >> 1n ? normalised - modulus : normalised;
}

export interface ExpressionEnvironment {
  /** current value of a scalar */
  scalar(variable: ScalarVariable): Term;
  /** current value of an array (nested array term) */
  array(array: ArrayVariable): Term;
  /**
   * A value the encoding does not model exactly (e.g. int-mode bitwise and with two symbolic
   * operands): bmc returns an uninterpreted function application, chc a fresh clause variable.
   */
  opaque(operation: string, operands: readonly Term[], sort: Sort): Term;
  /**
   * Optional (int semantics): Euclidean quotient and remainder of `dividend` by a non-zero constant
   * as fresh constants constrained linearly (dividend = divisor * q + r, 0 <= r < |divisor|), for
   * solvers that do not handle `div`/`mod` (Spacer). Without it, SMT `div`/`mod` are used.
   */
  euclidean?(dividend: Term, divisor: bigint): { quotient: Term; remainder: Term };
  /**
   * Optional (int semantics): C division / remainder by a non-constant divisor as an over-approximating
   * value (a fresh constant with linear constraints the true value satisfies), for solvers without
   * non-linear arithmetic. Without it, the exact `div`/`mod` terms are used.
   */
  nonlinearDivision?(operator: 'divide' | 'remainder', dividend: Term, divisor: Term): Term;
  /**
   * Optional (int semantics): the quotient of a division that src/analysis/exact-division.ts shows
   * exact for all values (`n * (n - 1) / 2`), as a fresh constant q defined by dividend = divisor·q.
   * Without it, SMT `div` is used, which a solver rarely sees through when the dividend is nonlinear.
   */
  exactQuotient?(dividend: Term, divisor: bigint): Term;
}

export interface Translation {
  readonly term: Term;
  /** the expression is evaluated without division by zero (already guarded by short-circuiting) */
  readonly definedness: Term;
}

/** Translates IR expressions in one semantics; collects what was not modelled exactly. */
export class ExpressionTranslator {
  readonly inexactReasons = new Set<string>();
  /** true once a product of two non-constant terms was produced (int semantics) */
  nonlinear = false;

  constructor(readonly semantics: Semantics) {}

  translate(expression: Expression, environment: ExpressionEnvironment): Translation {
    const conditions: Term[] = [];
    const term = this.value(expression, environment, trueTerm, conditions);
    return { term, definedness: and(...conditions) };
  }

  toBool(expression: Expression, environment: ExpressionEnvironment): Translation {
    const conditions: Term[] = [];
    const term = this.condition(expression, environment, trueTerm, conditions);
    return { term, definedness: and(...conditions) };
  }

  /** an index value converted to the array index sort */
  indexTerm(expression: Expression, environment: ExpressionEnvironment, guard: Term, conditions: Term[]): Term {
    const term = this.value(expression, environment, guard, conditions);
    return this.convertIndex(term, expression.type);
  }

  translateIndex(expression: Expression, environment: ExpressionEnvironment): Translation {
    const conditions: Term[] = [];
    const term = this.indexTerm(expression, environment, trueTerm, conditions);
    return { term, definedness: and(...conditions) };
  }

  convertIndex(term: Term, type: IntegerType): Term {
    if (this.semantics === 'int') return term;
    if (type.width < bitvectorIndexWidth) return convertedBitPattern(term, type, bitvectorIndexWidth);
    if (type.width > bitvectorIndexWidth) {
      this.inexactReasons.add(`array index of type ${type.name} truncated to ${bitvectorIndexWidth} bits`);
      return extract(bitvectorIndexWidth - 1, 0, term);
    }
    return term;
  }

  private zero(type: IntegerType): Term {
    return constantTerm(0n, type, this.semantics);
  }
  private one(type: IntegerType): Term {
    return constantTerm(1n, type, this.semantics);
  }
  private fromBool(condition: Term, type: IntegerType): Term {
    if (condition.kind === 'boolConstant') return condition.value ? this.one(type) : this.zero(type);
    return ite(condition, this.one(type), this.zero(type));
  }

  /** Bool term: the expression is non-zero */
  private condition(expression: Expression, environment: ExpressionEnvironment, guard: Term, conditions: Term[]): Term {
    switch (expression.kind) {
      case 'constant':
        return boolConstant(expression.value !== 0n);
      case 'unary':
        if (expression.operator === 'logicalNot')
          return not(this.condition(expression.operand, environment, guard, conditions));
        break;
      case 'cast':
        if (isBoolType(expression.type)) return this.condition(expression.operand, environment, guard, conditions);
        break;
      case 'binary': {
        const operator = expression.operator;
        switch (operator) {
          case 'logicalAnd': {
            const left = this.condition(expression.left, environment, guard, conditions);
            const right = this.condition(expression.right, environment, and(guard, left), conditions);
            return and(left, right);
          }
          case 'logicalOr': {
            const left = this.condition(expression.left, environment, guard, conditions);
            const right = this.condition(expression.right, environment, and(guard, not(left)), conditions);
            return or(left, right);
          }
          case 'less':
          case 'lessEqual':
          case 'greater':
          case 'greaterEqual':
          case 'equal':
          case 'notEqual': {
            const left = this.value(expression.left, environment, guard, conditions);
            const right = this.value(expression.right, environment, guard, conditions);
            return this.compare(operator, left, right, expression.left.type);
          }
          default:
            break;
        }
        break;
      }
      default:
        break;
    }
    const term = this.value(expression, environment, guard, conditions);
    return not(equal(term, this.zero(expression.type)));
  }

  private compare(
    operator: 'less' | 'lessEqual' | 'greater' | 'greaterEqual' | 'equal' | 'notEqual',
    left: Term,
    right: Term,
    type: IntegerType,
  ): Term {
    if (left.kind === 'intConstant' && right.kind === 'intConstant') {
      const comparison = left.value < right.value ? -1 : left.value > right.value ? 1 : 0;
      switch (operator) {
        case 'less':
          return boolConstant(comparison < 0);
        case 'lessEqual':
          return boolConstant(comparison <= 0);
        case 'greater':
          return boolConstant(comparison > 0);
        case 'greaterEqual':
          return boolConstant(comparison >= 0);
        case 'equal':
          return boolConstant(comparison === 0);
        case 'notEqual':
          return boolConstant(comparison !== 0);
        default: {
          const never: never = operator;
          throw new Error(`unknown comparison ${String(never)}`);
        }
      }
    }
    if (operator === 'equal') return equal(left, right);
    if (operator === 'notEqual') return not(equal(left, right));
    if (this.semantics === 'int') {
      switch (operator) {
        case 'less':
          return less(left, right);
        case 'lessEqual':
          return lessEqual(left, right);
        case 'greater':
          return greater(left, right);
        case 'greaterEqual':
          return greaterEqual(left, right);
        default: {
          const never: never = operator;
          throw new Error(`unknown comparison ${String(never)}`);
        }
      }
    }
    const signed = type.signed;
    const table: Record<typeof operator, BitvectorComparisonOperator> = signed
      ? { less: 'bvslt', lessEqual: 'bvsle', greater: 'bvsgt', greaterEqual: 'bvsge' }
      : { less: 'bvult', lessEqual: 'bvule', greater: 'bvugt', greaterEqual: 'bvuge' };
    return bitvectorComparison(table[operator], left, right);
  }

  private value(expression: Expression, environment: ExpressionEnvironment, guard: Term, conditions: Term[]): Term {
    switch (expression.kind) {
      case 'constant':
        return constantTerm(expression.value, expression.type, this.semantics);
      case 'variable':
        return environment.scalar(expression.variable);
      case 'arrayRead': {
        let term = environment.array(expression.array);
        for (const index of expression.indices)
          term = select(term, this.indexTerm(index, environment, guard, conditions));
        return term;
      }
      case 'unary': {
        if (expression.operator === 'logicalNot')
          return this.fromBool(this.condition(expression, environment, guard, conditions), expression.type);
        const operand = this.value(expression.operand, environment, guard, conditions);
        if (this.semantics === 'bv')
          return bitvectorUnary(expression.operator === 'negate' ? 'bvneg' : 'bvnot', operand);
        if (expression.operator === 'negate') return negate(operand);
        return subtract(negate(operand), intConstant(1n));
      }
      case 'conditional': {
        const condition = this.condition(expression.condition, environment, guard, conditions);
        const thenTerm = this.value(expression.then, environment, and(guard, condition), conditions);
        const elseTerm = this.value(expression.else, environment, and(guard, not(condition)), conditions);
        return ite(condition, thenTerm, elseTerm);
      }
      case 'cast':
        return this.cast(expression.operand, expression.type, environment, guard, conditions);
      case 'binary':
        return this.binary(expression, environment, guard, conditions);
      default: {
        const never: never = expression;
        throw new Error(`unknown expression ${JSON.stringify(never)}`);
      }
    }
  }

  private cast(
    operand: Expression,
    type: IntegerType,
    environment: ExpressionEnvironment,
    guard: Term,
    conditions: Term[],
  ): Term {
    if (isBoolType(type)) return this.fromBool(this.condition(operand, environment, guard, conditions), type);
    const term = this.value(operand, environment, guard, conditions);
    if (this.semantics === 'int') return term;
    return convertedBitPattern(term, operand.type, type.width);
  }

  private binary(
    expression: Extract<Expression, { kind: 'binary' }>,
    environment: ExpressionEnvironment,
    guard: Term,
    conditions: Term[],
  ): Term {
    const operator = expression.operator;
    switch (operator) {
      case 'logicalAnd':
      case 'logicalOr':
      case 'less':
      case 'lessEqual':
      case 'greater':
      case 'greaterEqual':
      case 'equal':
      case 'notEqual':
        return this.fromBool(this.condition(expression, environment, guard, conditions), expression.type);
      default:
        break;
    }
    const type = expression.type;
    const left = this.value(expression.left, environment, guard, conditions);
    let right = this.value(expression.right, environment, guard, conditions);
    if (operator === 'shiftLeft' || operator === 'shiftRight') {
      // the interpreter stops with undefined behaviour unless 0 <= count < width of the left type
      conditions.push(implies(guard, this.shiftCountInRange(right, expression.right.type, expression.left.type.width)));
    }
    if (this.semantics === 'bv') {
      if (
        (operator === 'shiftLeft' || operator === 'shiftRight') &&
        right.sort.kind === 'bitvector' &&
        left.sort.kind === 'bitvector'
      ) {
        const rightWidth = right.sort.width;
        const leftWidth = left.sort.width;
        if (rightWidth < leftWidth) right = zeroExtend(leftWidth - rightWidth, right);
        else if (rightWidth > leftWidth) right = extract(leftWidth - 1, 0, right);
      }
      if (operator === 'divide' || operator === 'remainder')
        conditions.push(implies(guard, not(equal(right, this.zero(expression.right.type)))));
      return bitvectorBinary(bitvectorOperator(operator, type.signed), left, right);
    }
    switch (operator) {
      case 'add':
        return add(left, right);
      case 'subtract':
        return subtract(left, right);
      case 'multiply':
        if (left.kind !== 'intConstant' && right.kind !== 'intConstant') this.nonlinear = true;
        return multiply(left, right);
      case 'divide':
      case 'remainder': {
        if (right.kind === 'intConstant' && left.kind === 'intConstant' && right.value !== 0n) {
          return intConstant(operator === 'divide' ? left.value / right.value : left.value % right.value);
        }
        if (right.kind !== 'intConstant') {
          conditions.push(implies(guard, not(equal(right, intConstant(0n)))));
          if (environment.nonlinearDivision !== undefined) {
            this.inexactReasons.add(`int semantics: ${operator} by a non-constant divisor is over-approximated`);
            return environment.nonlinearDivision(operator, left, right);
          }
          this.nonlinear = true;
        } else if (right.value === 0n) {
          conditions.push(implies(guard, boolConstant(false)));
        }
        if (
          operator === 'divide' &&
          right.kind === 'intConstant' &&
          environment.exactQuotient !== undefined &&
          left.kind !== 'intConstant' &&
          isExactDivision(expression.left, right.value)
        ) {
          return environment.exactQuotient(left, right.value);
        }
        const nonNegative =
          left.kind === 'intConstant' ? boolConstant(left.value >= 0n) : greaterEqual(left, intConstant(0n));
        if (right.kind === 'intConstant' && right.value !== 0n && environment.euclidean !== undefined) {
          const positive = environment.euclidean(left, right.value);
          const negative = environment.euclidean(negate(left), right.value);
          if (operator === 'divide') return ite(nonNegative, positive.quotient, negate(negative.quotient));
          return ite(nonNegative, positive.remainder, negate(negative.remainder));
        }
        if (operator === 'divide')
          return ite(nonNegative, euclideanDivide(left, right), negate(euclideanDivide(negate(left), right)));
        return ite(nonNegative, euclideanModulo(left, right), negate(euclideanModulo(negate(left), right)));
      }
      case 'shiftLeft':
      case 'shiftRight': {
        if (right.kind === 'intConstant' && right.value >= 0n && right.value < 256n) {
          const power = intConstant(1n << right.value);
          if (left.kind === 'intConstant')
            return intConstant(operator === 'shiftLeft' ? left.value << right.value : left.value >> right.value);
          if (operator === 'shiftLeft') return multiply(left, power);
          return environment.euclidean !== undefined
            ? environment.euclidean(left, 1n << right.value).quotient
            : euclideanDivide(left, power);
        }
        this.inexactReasons.add(`int semantics: ${operator} by a non-constant amount is an uninterpreted value`);
        return environment.opaque(`int_${operator}`, [left, right], intSort);
      }
      case 'bitwiseAnd':
      case 'bitwiseOr':
      case 'bitwiseXor':
        return this.integerBitwise(operator, expression, left, right, environment);
      default: {
        const never: never = operator;
        throw new Error(`unknown operator ${String(never)}`);
      }
    }
  }

  private shiftCountInRange(count: Term, countType: IntegerType, width: number): Term {
    if (this.semantics === 'int') {
      if (count.kind === 'intConstant') return boolConstant(count.value >= 0n && count.value < BigInt(width));
      return and(lessEqual(intConstant(0n), count), less(count, intConstant(BigInt(width))));
    }
    const extendedWidth = Math.max(countType.width, 8) + 1;
    const extended = convertedBitPattern(count, countType, extendedWidth);
    return and(
      bitvectorComparison('bvsge', extended, bitvectorConstant(0n, extendedWidth)),
      bitvectorComparison('bvslt', extended, bitvectorConstant(BigInt(width), extendedWidth)),
    );
  }

  private integerBitwise(
    operator: 'bitwiseAnd' | 'bitwiseOr' | 'bitwiseXor',
    expression: Extract<Expression, { kind: 'binary' }>,
    left: Term,
    right: Term,
    environment: ExpressionEnvironment,
  ): Term {
    if (left.kind === 'intConstant' && right.kind === 'intConstant') {
      const value =
        operator === 'bitwiseAnd'
          ? left.value & right.value
          : operator === 'bitwiseOr'
            ? left.value | right.value
            : left.value ^ right.value;
      return intConstant(value);
    }
    const constant = right.kind === 'intConstant' ? right.value : left.kind === 'intConstant' ? left.value : undefined;
    const other = right.kind === 'intConstant' ? left : right;
    if (constant !== undefined) {
      if (operator === 'bitwiseAnd') {
        if (constant === 0n) return intConstant(0n);
        if (constant === -1n) return other;
        if (constant > 0n && (constant & (constant + 1n)) === 0n) {
          return environment.euclidean !== undefined
            ? environment.euclidean(other, constant + 1n).remainder
            : euclideanModulo(other, intConstant(constant + 1n));
        }
      } else if (constant === 0n) {
        return other;
      }
    }
    if (isZeroOne(expression.left) && isZeroOne(expression.right)) {
      const leftTrue = equal(left, intConstant(1n));
      const rightTrue = equal(right, intConstant(1n));
      const result =
        operator === 'bitwiseAnd'
          ? and(leftTrue, rightTrue)
          : operator === 'bitwiseOr'
            ? or(leftTrue, rightTrue)
            : not(equal(leftTrue, rightTrue));
      return ite(result, intConstant(1n), intConstant(0n));
    }
    this.inexactReasons.add(`int semantics: ${operator} of non-constant operands is an uninterpreted value`);
    return environment.opaque(`int_${operator}`, [left, right], intSort);
  }
}

/** expressions whose value is always 0 or 1 */
function isZeroOne(expression: Expression): boolean {
  switch (expression.kind) {
    case 'constant':
      return expression.value === 0n || expression.value === 1n;
    case 'unary':
      return expression.operator === 'logicalNot';
    case 'binary':
      return ['less', 'lessEqual', 'greater', 'greaterEqual', 'equal', 'notEqual', 'logicalAnd', 'logicalOr'].includes(
        expression.operator,
      );
    case 'cast':
      return isBoolType(expression.type) || isZeroOne(expression.operand);
    case 'variable':
      return isBoolType(expression.type);
    case 'arrayRead':
      return isBoolType(expression.type);
    case 'conditional':
      return isZeroOne(expression.then) && isZeroOne(expression.else);
    default: {
      const never: never = expression;
      throw new Error(`unknown expression ${JSON.stringify(never)}`);
    }
  }
}

function bitvectorOperator(
  operator:
    | 'add'
    | 'subtract'
    | 'multiply'
    | 'divide'
    | 'remainder'
    | 'shiftLeft'
    | 'shiftRight'
    | 'bitwiseAnd'
    | 'bitwiseOr'
    | 'bitwiseXor',
  signed: boolean,
): BitvectorBinaryOperator {
  switch (operator) {
    case 'add':
      return 'bvadd';
    case 'subtract':
      return 'bvsub';
    case 'multiply':
      return 'bvmul';
    case 'divide':
      return signed ? 'bvsdiv' : 'bvudiv';
    case 'remainder':
      return signed ? 'bvsrem' : 'bvurem';
    case 'shiftLeft':
      return 'bvshl';
    case 'shiftRight':
      return signed ? 'bvashr' : 'bvlshr';
    case 'bitwiseAnd':
      return 'bvand';
    case 'bitwiseOr':
      return 'bvor';
    case 'bitwiseXor':
      return 'bvxor';
    default: {
      const never: never = operator;
      throw new Error(`unknown operator ${String(never)}`);
    }
  }
}
