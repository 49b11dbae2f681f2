// C's integer rules in one place: the integer types (with the data model's widths), their ranges,
// the value of a conversion, integer promotion and the usual arithmetic conversions, and how a
// conversion acts on a two's complement bit pattern. The front end (lowering), the IR factory, the
// interpreter (values.ts, whose fast paths are specialisations of `convertedValue` held to it by the
// differential tests), the symbolic executor's terms (symbolic/expressions.ts), the encoders'
// bit-vector arithmetic and the wrap checks (analysis/wrap-checks.ts) all read them from here.
//
// The rules are C11's (6.3.1.1 promotion, 6.3.1.3 conversion, 6.3.1.8 usual arithmetic conversions)
// as gcc implements them on the targets we model: two's complement, a conversion to a signed type that
// cannot hold the value wraps modulo 2^width (implementation-defined in C, what gcc does), plain
// `char` signed, `long` and pointers 32 bits in ILP32 and 64 in LP64.

import type { BinaryOperator, DataModel, IntegerType } from './types.js';

// ---------------------------------------------------------------- types

function integerType(width: number, signed: boolean, name: string): IntegerType {
  return Object.freeze({ kind: 'integer', width, signed, name });
}

export const boolType = integerType(1, false, '_Bool');
export const charType = integerType(8, true, 'char');
export const signedCharType = integerType(8, true, 'signed char');
export const unsignedCharType = integerType(8, false, 'unsigned char');
export const shortType = integerType(16, true, 'short');
export const unsignedShortType = integerType(16, false, 'unsigned short');
export const intType = integerType(32, true, 'int');
export const unsignedIntType = integerType(32, false, 'unsigned int');
export const longLongType = integerType(64, true, 'long long');
export const unsignedLongLongType = integerType(64, false, 'unsigned long long');
export const int128Type = integerType(128, true, '__int128');
export const unsignedInt128Type = integerType(128, false, 'unsigned __int128');

export function longType(dataModel: DataModel): IntegerType {
  return dataModel === 'ILP32' ? integerType(32, true, 'long') : integerType(64, true, 'long');
}
export function unsignedLongType(dataModel: DataModel): IntegerType {
  return dataModel === 'ILP32' ? integerType(32, false, 'unsigned long') : integerType(64, false, 'unsigned long');
}

export function sameType(left: IntegerType, right: IntegerType): boolean {
  return left.width === right.width && left.signed === right.signed;
}

/** `_Bool`: a conversion to it is `x != 0`, not a wrap */
export function isBoolType(type: IntegerType): boolean {
  return type.width === 1 && !type.signed;
}

// ---------------------------------------------------------------- ranges and conversions

/** the smallest and largest value of the type, both inclusive */
export function typeRange(type: IntegerType): { minimum: bigint; maximum: bigint } {
  if (!type.signed) return { minimum: 0n, maximum: (1n << BigInt(type.width)) - 1n };
  return { minimum: -(1n << BigInt(type.width - 1)), maximum: (1n << BigInt(type.width - 1)) - 1n };
}

/** 2^width: values that differ by it are one value of the type */
export function typePeriod(type: IntegerType): bigint {
  return 1n << BigInt(type.width);
}

export function fitsType(value: bigint, type: IntegerType): boolean {
  const { minimum, maximum } = typeRange(type);
  return value >= minimum && value <= maximum;
}

/** the value C's conversion to `type` gives (modulo 2^width, to a signed type too, as gcc does; _Bool: x != 0) */
export function convertedValue(value: bigint, type: IntegerType): bigint {
  if (isBoolType(type)) return value === 0n ? 0n : 1n;
  return type.signed ? BigInt.asIntN(type.width, value) : BigInt.asUintN(type.width, value);
}

/**
 * What a conversion from `from` to a type of `toWidth` bits does to a two's complement bit pattern
 * (for bit-vector encodings; a conversion to _Bool is a comparison, not this): the pattern is kept,
 * its low bits are kept, or it is extended by `bits` copies of its sign bit (signed source) or zeros.
 */
export type BitPatternConversion =
  | { readonly kind: 'same' }
  | { readonly kind: 'truncate'; readonly width: number }
  | { readonly kind: 'extend'; readonly bits: number; readonly signed: boolean };

export function bitPatternConversion(from: IntegerType, toWidth: number): BitPatternConversion {
  if (toWidth === from.width) return { kind: 'same' };
  if (toWidth < from.width) return { kind: 'truncate', width: toWidth };
  return { kind: 'extend', bits: toWidth - from.width, signed: from.signed };
}

// ---------------------------------------------------------------- promotion, usual arithmetic conversions

/** C's integer conversion rank, used by the usual arithmetic conversions. */
function rank(type: IntegerType): number {
  const name = type.name.replace(/^(unsigned|signed) /, '');
  switch (name) {
    case '_Bool':
      return 1;
    case 'char':
      return 2;
    case 'short':
      return 3;
    case 'int':
    case 'unsigned':
      return 4;
    case 'long':
      return 5;
    case 'long long':
      return 6;
    case '__int128':
      return 7;
    default:
      return type.width <= 8 ? 2 : type.width <= 16 ? 3 : type.width <= 32 ? 4 : type.width <= 64 ? 6 : 7;
  }
}

/** integer promotion (6.3.1.1): every type of a rank below int becomes int (every such type fits in it) */
export function promote(type: IntegerType): IntegerType {
  if (rank(type) < 4) return intType;
  return type;
}

function unsignedVersion(type: IntegerType, dataModel: DataModel): IntegerType {
  switch (rank(type)) {
    case 4:
      return unsignedIntType;
    case 5:
      return unsignedLongType(dataModel);
    case 6:
      return unsignedLongLongType;
    default:
      return unsignedInt128Type;
  }
}

/** the common type of a binary operation's operands (6.3.1.8) */
export function usualArithmeticConversion(left: IntegerType, right: IntegerType, dataModel: DataModel): IntegerType {
  const promotedLeft = promote(left);
  const promotedRight = promote(right);
  if (
    promotedLeft.width === promotedRight.width &&
    promotedLeft.signed === promotedRight.signed &&
    rank(promotedLeft) === rank(promotedRight)
  )
    return promotedLeft;
  if (promotedLeft.signed === promotedRight.signed)
    return rank(promotedLeft) >= rank(promotedRight) ? promotedLeft : promotedRight;
  const unsignedOne = promotedLeft.signed ? promotedRight : promotedLeft;
  const signedOne = promotedLeft.signed ? promotedLeft : promotedRight;
  if (rank(unsignedOne) >= rank(signedOne)) return unsignedOne;
  if (signedOne.width > unsignedOne.width) return signedOne;
  return unsignedVersion(signedOne, dataModel);
}

/**
 * `left operator right` over the mathematical integers for + − × and the comparison and logical
 * operators (1 or 0); undefined for the others (division, remainder, shifts and bitwise operators,
 * whose C meaning depends on signs and widths)
 */
export function integerBinaryValue(operator: BinaryOperator, left: bigint, right: bigint): bigint | undefined {
  const truth = (condition: boolean): bigint => (condition ? 1n : 0n);
  switch (operator) {
    case 'add':
      return left + right;
    case 'subtract':
      return left - right;
    case 'multiply':
      return left * right;
    case 'equal':
      return truth(left === right);
    case 'notEqual':
      return truth(left !== right);
    case 'less':
      return truth(left < right);
    case 'lessEqual':
      return truth(left <= right);
    case 'greater':
      return truth(left > right);
    case 'greaterEqual':
      return truth(left >= right);
    case 'logicalAnd':
      return truth(left !== 0n && right !== 0n);
    case 'logicalOr':
      return truth(left !== 0n || right !== 0n);
    default:
      return undefined;
  }
}
