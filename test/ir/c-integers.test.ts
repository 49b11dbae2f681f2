// C's integer rules in one place (src/ir/c-integers.ts), and the fast paths of the other layers held
// to them: the interpreter's specialised wrappers (interp/values.ts) give `convertedValue`'s value on
// numbers and bigints alike, the bit-pattern conversions of the symbolic executor's terms
// (symbolic/expressions.ts) agree with `convertedValue` when evaluated, and the usual arithmetic
// conversions give C11's common types.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bitPatternConversion,
  boolType,
  charType,
  convertedValue,
  fitsType,
  int128Type,
  intType,
  longLongType,
  longType,
  promote,
  shortType,
  typePeriod,
  typeRange,
  unsignedCharType,
  unsignedIntType,
  unsignedLongLongType,
  unsignedLongType,
  unsignedShortType,
  usualArithmeticConversion,
} from '../../src/ir/c-integers.js';
import type { IntegerType } from '../../src/ir/types.js';
import { normalize, toBigInt, wrapperFor } from '../../src/interp/values.js';

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
  longType('LP64'),
  unsignedLongType('ILP32'),
];

describe('ranges and conversions', () => {
  it("gives C's ranges and periods", () => {
    expect(typeRange(charType)).toEqual({ minimum: -128n, maximum: 127n });
    expect(typeRange(unsignedIntType)).toEqual({ minimum: 0n, maximum: 4294967295n });
    expect(typePeriod(unsignedShortType)).toBe(65536n);
    expect(fitsType(-1n, unsignedCharType)).toBe(false);
    expect(fitsType(255n, unsignedCharType)).toBe(true);
  });

  it('converts as gcc does: modulo 2^width into the range, _Bool as x != 0', () => {
    expect(convertedValue(300n, unsignedCharType)).toBe(44n);
    expect(convertedValue(200n, charType)).toBe(-56n);
    expect(convertedValue(-1n, unsignedIntType)).toBe(4294967295n);
    expect(convertedValue(2n ** 31n, intType)).toBe(-(2n ** 31n));
    expect(convertedValue(-7n, boolType)).toBe(1n);
    expect(convertedValue(0n, boolType)).toBe(0n);
  });

  it("the interpreter's wrappers are convertedValue, on numbers and on bigints", () => {
    const values = fc.oneof(
      fc.integer({ min: -(2 ** 40), max: 2 ** 40 }).map(BigInt),
      fc.bigInt({ min: -(2n ** 130n), max: 2n ** 130n }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...types), values, (type, value) => {
        const wrapped = wrapperFor(type)(normalize(value));
        expect(toBigInt(wrapped), `${value} to ${type.name}`).toBe(convertedValue(value, type));
        expect(fitsType(toBigInt(wrapped), type)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('says what a conversion does to a bit pattern; done on the pattern, it gives convertedValue', () => {
    expect(bitPatternConversion(intType, 32)).toEqual({ kind: 'same' });
    expect(bitPatternConversion(intType, 8)).toEqual({ kind: 'truncate', width: 8 });
    expect(bitPatternConversion(charType, 32)).toEqual({ kind: 'extend', bits: 24, signed: true });
    expect(bitPatternConversion(unsignedCharType, 64)).toEqual({ kind: 'extend', bits: 56, signed: false });
    // the pattern of a value of `from`, converted, read in `to`, is C's value of the conversion (no _Bool target)
    const nonBool = types.filter((type) => type !== boolType);
    fc.assert(
      fc.property(
        fc.constantFrom(...nonBool),
        fc.constantFrom(...nonBool),
        fc.bigInt({ min: -(2n ** 130n), max: 2n ** 130n }),
        (from, to, raw) => {
          const value = convertedValue(raw, from);
          const pattern = BigInt.asUintN(from.width, value);
          const conversion = bitPatternConversion(from, to.width);
          let converted: bigint;
          switch (conversion.kind) {
            case 'same':
              converted = pattern;
              break;
            case 'truncate':
              converted = BigInt.asUintN(conversion.width, pattern);
              break;
            case 'extend':
              converted = BigInt.asUintN(to.width, conversion.signed ? BigInt.asIntN(from.width, pattern) : pattern);
              break;
            default:
              throw new Error('unknown conversion');
          }
          const read = to.signed ? BigInt.asIntN(to.width, converted) : converted;
          expect(read, `${value} from ${from.name} to ${to.name}`).toBe(convertedValue(value, to));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('promotion and the usual arithmetic conversions', () => {
  it('promotes every type below int to int', () => {
    for (const type of [boolType, charType, unsignedCharType, shortType, unsignedShortType])
      expect(promote(type)).toBe(intType);
    expect(promote(unsignedIntType)).toBe(unsignedIntType);
  });

  it("gives C11 6.3.1.8's common types", () => {
    expect(usualArithmeticConversion(unsignedCharType, shortType, 'ILP32')).toBe(intType);
    expect(usualArithmeticConversion(intType, unsignedIntType, 'ILP32')).toBe(unsignedIntType);
    expect(usualArithmeticConversion(longLongType, unsignedIntType, 'ILP32')).toBe(longLongType);
    // ILP32: long is 32 bits, so long with unsigned int is unsigned long
    expect(usualArithmeticConversion(longType('ILP32'), unsignedIntType, 'ILP32').name).toBe('unsigned long');
    expect(usualArithmeticConversion(longType('LP64'), unsignedIntType, 'LP64').name).toBe('long');
    expect(usualArithmeticConversion(longLongType, unsignedLongLongType, 'LP64')).toBe(unsignedLongLongType);
  });
});
