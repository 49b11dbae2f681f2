// Integer values of the concrete interpreter and their arithmetic.
//
// A `Value` is a mathematical integer in a canonical mixed representation: a JS `number` when it is
// a safe integer (|v| <= 2^53 - 1), a `bigint` otherwise. Because the representation is canonical,
// `===` is value equality and JS `<`/`>` compare numbers and bigints exactly. Every operation here
// is exact (the fast number paths fall back to bigint whenever a float result could be rounded):
// a float sum or product whose exact value is a safe integer is computed exactly, and one whose
// exact value is not a safe integer rounds to a non-safe magnitude, which sends us to bigint.
// Division truncates toward zero and the remainder takes the dividend's sign (C semantics); bitwise
// operators are two's complement on infinite width; `shiftRight` is floor(x / 2^c). The callers
// check divisors and shift counts for undefined behaviour before calling.

import { convertedValue, isBoolType, typeRange } from '../ir/c-integers.js';
import type { IntegerType } from '../ir/types.js';

export type Value = number | bigint;

const maximumSafe = Number.MAX_SAFE_INTEGER;
const maximumSafeBig = BigInt(Number.MAX_SAFE_INTEGER);

export function normalize(value: bigint): Value {
  return value <= maximumSafeBig && value >= -maximumSafeBig ? Number(value) : value;
}

export function fromBigInt(value: bigint): Value {
  return normalize(value);
}

export function toBigInt(value: Value): bigint {
  return typeof value === 'bigint' ? value : BigInt(value);
}

function isSafe(result: number): boolean {
  return result <= maximumSafe && result >= -maximumSafe;
}

export function add(left: Value, right: Value): Value {
  if (typeof left === 'number' && typeof right === 'number') {
    const result = left + right;
    if (isSafe(result)) return result;
  }
  return normalize(toBigInt(left) + toBigInt(right));
}

export function subtract(left: Value, right: Value): Value {
  if (typeof left === 'number' && typeof right === 'number') {
    const result = left - right;
    if (isSafe(result)) return result;
  }
  return normalize(toBigInt(left) - toBigInt(right));
}

export function multiply(left: Value, right: Value): Value {
  if (typeof left === 'number' && typeof right === 'number') {
    const result = left * right;
    if (isSafe(result)) return result + 0; // + 0 turns -0 into 0
  }
  return normalize(toBigInt(left) * toBigInt(right));
}

/** C division (truncation toward zero); `right` must not be 0. */
export function divide(left: Value, right: Value): Value {
  if (typeof left === 'number' && typeof right === 'number') {
    const remainder = left % right; // exact for safe integers
    return (left - remainder) / right + 0;
  }
  return normalize(toBigInt(left) / toBigInt(right));
}

/** C remainder (sign of the dividend); `right` must not be 0. */
export function remainder(left: Value, right: Value): Value {
  if (typeof left === 'number' && typeof right === 'number') return (left % right) + 0;
  return normalize(toBigInt(left) % toBigInt(right));
}

/** left * 2^count; 0 <= count is checked by the caller. */
export function shiftLeft(left: Value, count: Value): Value {
  if (typeof left === 'number' && typeof count === 'number' && count < 53) {
    const result = left * 2 ** count;
    if (isSafe(result)) return result + 0;
  }
  return normalize(toBigInt(left) << toBigInt(count));
}

/** floor(left / 2^count); 0 <= count is checked by the caller. */
export function shiftRight(left: Value, count: Value): Value {
  if (typeof left === 'number' && typeof count === 'number' && count < 1024) {
    return Math.floor(left / 2 ** count) + 0;
  }
  return normalize(toBigInt(left) >> toBigInt(count));
}

const int32Minimum = -(2 ** 31);
const int32Maximum = 2 ** 31 - 1;

function fitsInt32(value: Value): value is number {
  return typeof value === 'number' && value >= int32Minimum && value <= int32Maximum;
}

export function bitwiseAnd(left: Value, right: Value): Value {
  if (fitsInt32(left) && fitsInt32(right)) return left & right;
  return normalize(toBigInt(left) & toBigInt(right));
}

export function bitwiseOr(left: Value, right: Value): Value {
  if (fitsInt32(left) && fitsInt32(right)) return left | right;
  return normalize(toBigInt(left) | toBigInt(right));
}

export function bitwiseXor(left: Value, right: Value): Value {
  if (fitsInt32(left) && fitsInt32(right)) return left ^ right;
  return normalize(toBigInt(left) ^ toBigInt(right));
}

export function negate(operand: Value): Value {
  return typeof operand === 'number' ? 0 - operand : normalize(-operand);
}

export function bitwiseNot(operand: Value): Value {
  return subtract(negate(operand), 1);
}

/** the smallest and largest value of a type, as Values */
export function valueRange(type: IntegerType): { minimum: Value; maximum: Value } {
  const { minimum, maximum } = typeRange(type);
  return { minimum: normalize(minimum), maximum: normalize(maximum) };
}

export function inTypeRange(value: Value, type: IntegerType): boolean {
  const { minimum, maximum } = valueRange(type);
  return value >= minimum && value <= maximum;
}

/**
 * The conversion to `type` in `bv` semantics, C's (ir/c-integers.ts `convertedValue`): `_Bool` is
 * `x != 0`, every other type keeps the value modulo 2^width in its two's complement (or unsigned)
 * range. Returned as a specialised function: on numbers, JS's int32 operators compute the same
 * value for types of at most 32 bits (`| 0`, `>>> 0`, `<< s >> s`, `& mask`); anything else goes
 * through `convertedValue` itself.
 */
export function wrapperFor(type: IntegerType): (value: Value) => Value {
  const width = type.width;
  const exact = (value: Value): Value => normalize(convertedValue(toBigInt(value), type));
  if (isBoolType(type)) return (value) => (value === 0 ? 0 : 1);
  if (width === 32) {
    if (type.signed) return (value) => (typeof value === 'number' ? value | 0 : exact(value));
    return (value) => (typeof value === 'number' ? value >>> 0 : exact(value));
  }
  if (width < 32) {
    if (type.signed) {
      const shift = 32 - width;
      return (value) => (typeof value === 'number' ? (value << shift) >> shift : exact(value));
    }
    const mask = 2 ** width - 1;
    return (value) => (typeof value === 'number' ? value & mask : exact(value));
  }
  const { minimum, maximum } = valueRange(type);
  return (value) => (value >= minimum && value <= maximum ? value : exact(value));
}

/** The conversion to `type` in `int` semantics: the identity, except `_Bool` (x != 0). */
export function mathematicalConverterFor(type: IntegerType): ((value: Value) => Value) | undefined {
  if (isBoolType(type)) return (value) => (value === 0 ? 0 : 1);
  return undefined;
}
