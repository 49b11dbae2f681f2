// The mixed number/bigint arithmetic agrees with a plain bigint reference.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  intType,
  longLongType,
  shortType,
  unsignedCharType,
  unsignedIntType,
  unsignedLongLongType,
  boolType,
  int128Type,
} from '../../src/ir/factory.js';
import {
  add,
  bitwiseAnd,
  bitwiseNot,
  bitwiseOr,
  bitwiseXor,
  divide,
  multiply,
  negate,
  normalize,
  remainder,
  shiftLeft,
  shiftRight,
  subtract,
  toBigInt,
  wrapperFor,
  type Value,
} from '../../src/interp/values.js';

const interesting = fc.oneof(
  fc.bigInt({ min: -100n, max: 100n }),
  fc.bigInt({ min: -(2n ** 40n), max: 2n ** 40n }),
  fc.bigInt({ min: 2n ** 53n - 10n, max: 2n ** 53n + 10n }),
  fc.bigInt({ min: -(2n ** 53n) - 10n, max: -(2n ** 53n) + 10n }),
  fc.bigInt({ min: -(2n ** 130n), max: 2n ** 130n }),
  fc.constantFrom(0n, 1n, -1n, 2n ** 31n, -(2n ** 31n), 2n ** 32n - 1n, 2n ** 63n, -(2n ** 63n)),
);

function canonical(value: Value): boolean {
  return typeof value === 'number'
    ? Number.isSafeInteger(value) && !Object.is(value, -0)
    : value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER);
}

function check(
  operation: (left: Value, right: Value) => Value,
  reference: (left: bigint, right: bigint) => bigint,
  nonzero = false,
) {
  fc.assert(
    fc.property(interesting, interesting, (left, right) => {
      if (nonzero && right === 0n) return;
      const result = operation(normalize(left), normalize(right));
      expect(canonical(result)).toBe(true);
      expect(toBigInt(result)).toBe(reference(left, right));
    }),
    { numRuns: 3000 },
  );
}

describe('values', () => {
  it('add, subtract, multiply are exact', () => {
    check(add, (left, right) => left + right);
    check(subtract, (left, right) => left - right);
    check(multiply, (left, right) => left * right);
  });
  it('divide truncates toward zero and remainder follows the dividend', () => {
    check(divide, (left, right) => left / right, true);
    check(remainder, (left, right) => left % right, true);
    expect(divide(-7, 2)).toBe(-3);
    expect(remainder(-7, 2)).toBe(-1);
    expect(remainder(7, -2)).toBe(1);
  });
  it("bitwise operators are infinite-width two's complement", () => {
    check(bitwiseAnd, (left, right) => left & right);
    check(bitwiseOr, (left, right) => left | right);
    check(bitwiseXor, (left, right) => left ^ right);
    fc.assert(
      fc.property(interesting, (value) => {
        expect(toBigInt(bitwiseNot(normalize(value)))).toBe(~value);
        expect(toBigInt(negate(normalize(value)))).toBe(-value);
      }),
    );
  });
  it('shifts multiply and floor-divide by powers of two', () => {
    fc.assert(
      fc.property(interesting, fc.integer({ min: 0, max: 127 }), (value, count) => {
        expect(toBigInt(shiftLeft(normalize(value), count))).toBe(value << BigInt(count));
        expect(toBigInt(shiftRight(normalize(value), count))).toBe(value >> BigInt(count));
      }),
      { numRuns: 3000 },
    );
  });
  it('wraps to every type like BigInt.asIntN / asUintN', () => {
    for (const type of [
      intType,
      unsignedIntType,
      shortType,
      unsignedCharType,
      longLongType,
      unsignedLongLongType,
      int128Type,
    ]) {
      const wrap = wrapperFor(type);
      fc.assert(
        fc.property(interesting, (value) => {
          const expected = type.signed ? BigInt.asIntN(type.width, value) : BigInt.asUintN(type.width, value);
          const result = wrap(normalize(value));
          expect(canonical(result)).toBe(true);
          expect(toBigInt(result)).toBe(expected);
        }),
        { numRuns: 1000 },
      );
    }
    const toBool = wrapperFor(boolType);
    expect(toBool(256)).toBe(1);
    expect(toBool(0)).toBe(0);
    expect(toBool(2n ** 70n)).toBe(1);
  });
});
