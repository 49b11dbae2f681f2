// The number domain of accelerated summaries: closed forms, iteration counts and Lemma 3's
// membership tests are exact integer arithmetic. In int semantics that is SMT Int. In bv semantics
// it is a signed bit-vector wide enough that no closed form of the summary can wrap (the summary
// bounds the iteration count, and the encoder sizes the width from the polynomials' degrees and
// coefficients), so bit-blasting solvers stay in their own theory; program values are sign- or
// zero-extended into it and truncated back, which is exact under the summary's no-overflow guards.

import type { IntegerType, Semantics } from '../../ir/types.js';
import {
  add,
  bitvectorBinary,
  bitvectorComparison,
  bitvectorConstant,
  bitvectorSort,
  euclideanDivide,
  euclideanModulo,
  extract,
  intConstant,
  intSort,
  less,
  lessEqual,
  multiply,
  subtract,
  type Sort,
  type Term,
} from '../../smt/terms.js';
import { bitvectorIndexWidth, convertedBitPattern } from '../../symbolic/expressions.js';

/** the index sort's bit patterns read as a signed number (as `fromIndex` always did) */
const bitvectorIndexType = Object.freeze({
  kind: 'integer',
  width: bitvectorIndexWidth,
  signed: true,
  name: 'array index',
} as const);

export interface Arithmetic {
  readonly sort: Sort;
  constant(value: bigint): Term;
  add(...operands: Term[]): Term;
  subtract(left: Term, right: Term): Term;
  multiply(...operands: Term[]): Term;
  less(left: Term, right: Term): Term;
  lessEqual(left: Term, right: Term): Term;
  /** floor division by a positive constant (exact where the encoder uses it, or of a non-negative dividend) */
  divide(dividend: Term, divisor: bigint): Term;
  /** remainder of a non-negative dividend by a positive constant */
  modulo(dividend: Term, divisor: bigint): Term;
  /** a program value of `type` as a number */
  fromProgram(term: Term, type: IntegerType): Term;
  /** a number known to be in `type`'s range as a program value */
  toProgram(term: Term, type: IntegerType): Term;
  /** an array index (index sort) as a number */
  fromIndex(term: Term): Term;
}

export const integerArithmetic: Arithmetic = {
  sort: intSort,
  constant: (value) => intConstant(value),
  add: (...operands) => add(...operands),
  subtract: (left, right) => subtract(left, right),
  multiply: (...operands) => multiply(...operands),
  less: (left, right) => less(left, right),
  lessEqual: (left, right) => lessEqual(left, right),
  divide: (dividend, divisor) => euclideanDivide(dividend, intConstant(divisor)),
  modulo: (dividend, divisor) => euclideanModulo(dividend, intConstant(divisor)),
  fromProgram: (term) => term,
  toProgram: (term) => term,
  fromIndex: (term) => term,
};

function fold(operator: 'bvadd' | 'bvmul', operands: readonly Term[]): Term {
  let result = operands[0]!;
  for (const operand of operands.slice(1)) result = bitvectorBinary(operator, result, operand);
  return result;
}

export function bitvectorArithmetic(width: number): Arithmetic {
  return {
    sort: bitvectorSort(width),
    constant: (value) => bitvectorConstant(value, width),
    add: (...operands) => fold('bvadd', operands),
    subtract: (left, right) => bitvectorBinary('bvsub', left, right),
    multiply: (...operands) => fold('bvmul', operands),
    less: (left, right) => bitvectorComparison('bvslt', left, right),
    lessEqual: (left, right) => bitvectorComparison('bvsle', left, right),
    divide: (dividend, divisor) => bitvectorBinary('bvsdiv', dividend, bitvectorConstant(divisor, width)),
    modulo: (dividend, divisor) => bitvectorBinary('bvsmod', dividend, bitvectorConstant(divisor, width)),
    fromProgram: (term, type) => convertedBitPattern(term, type, width),
    toProgram: (term, type) => extract(type.width - 1, 0, term),
    fromIndex: (term) => convertedBitPattern(term, bitvectorIndexType, width),
  };
}

export function arithmeticFor(semantics: Semantics, width: number): Arithmetic {
  return semantics === 'int' ? integerArithmetic : bitvectorArithmetic(width);
}
