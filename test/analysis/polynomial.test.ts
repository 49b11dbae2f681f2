// Exact rational polynomials (src/analysis/polynomial.ts): normal forms, ring operations checked
// against evaluation on random points, substitution, degrees, common denominators, printing and the
// Faulhaber sums of sumOverRange against direct summation, and the integer-valued test against
// evaluation on integer points.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addPolynomials,
  addRationals,
  constantPolynomial,
  degreeIn,
  evaluatePolynomial,
  formatPolynomial,
  isConstantPolynomial,
  isIntegerValued,
  multiplyPolynomials,
  multiplyRationals,
  negatePolynomial,
  polynomialsEqual,
  polynomialVariables,
  rational,
  rationalsEqual,
  substitutePolynomial,
  subtractPolynomials,
  sumOverRange,
  totalDegree,
  variablePolynomial,
  withCommonDenominator,
  type Polynomial,
  type Rational,
} from '../../src/analysis/polynomial.js';

const x = variablePolynomial('x');
const y = variablePolynomial('y');
const j = variablePolynomial('j');
const constant = (numerator: bigint, denominator = 1n): Polynomial =>
  constantPolynomial(rational(numerator, denominator));

/** random polynomials over x, y, z with small rational coefficients and degree <= 3 per variable */
const polynomialArbitrary: fc.Arbitrary<Polynomial> = fc
  .array(
    fc.record({
      numerator: fc.bigInt(-6n, 6n),
      denominator: fc.bigInt(1n, 4n),
      powers: fc.tuple(fc.nat(3), fc.nat(3), fc.nat(2)),
    }),
    { maxLength: 5 },
  )
  .map((terms) =>
    addPolynomials(
      ...terms.map(({ numerator, denominator, powers }) =>
        multiplyPolynomials(
          constant(numerator, denominator),
          ...Array<Polynomial>(powers[0]).fill(x),
          ...Array<Polynomial>(powers[1]).fill(y),
          ...Array<Polynomial>(powers[2]).fill(variablePolynomial('z')),
        ),
      ),
    ),
  );

const valuesArbitrary = fc.tuple(fc.bigInt(-5n, 5n), fc.bigInt(-5n, 5n), fc.bigInt(-5n, 5n), fc.bigInt(1n, 3n)).map(
  ([first, second, third, denominator]) =>
    new Map<string, Rational>([
      ['x', rational(first, denominator)],
      ['y', rational(second)],
      ['z', rational(third)],
    ]),
);

describe('rationals', () => {
  it('normalises sign and common factors', () => {
    const value = rational(6n, -4n);
    expect(value.numerator).toBe(-3n);
    expect(value.denominator).toBe(2n);
    expect(rational(0n, -7n)).toEqual({ numerator: 0n, denominator: 1n });
    expect(rationalsEqual(addRationals(rational(1n, 2n), rational(1n, 3n)), rational(5n, 6n))).toBe(true);
    expect(() => rational(1n, 0n)).toThrow();
  });
});

describe('polynomials', () => {
  it('combines like terms and drops zero coefficients', () => {
    const sum = addPolynomials(x, y, negatePolynomial(x), multiplyPolynomials(constant(2n), y));
    expect(formatPolynomial(sum)).toBe('3*y');
    expect(subtractPolynomials(x, x).monomials).toHaveLength(0);
    expect(formatPolynomial(subtractPolynomials(x, x))).toBe('0');
    expect(polynomialsEqual(multiplyPolynomials(x, y), multiplyPolynomials(y, x))).toBe(true);
    expect(polynomialsEqual(x, y)).toBe(false);
  });

  it('expands products and prints them in a stable order', () => {
    const square = multiplyPolynomials(addPolynomials(x, constant(1n)), addPolynomials(x, constant(-1n)));
    expect(formatPolynomial(square)).toBe('x^2 - 1');
    const mixed = addPolynomials(x, multiplyPolynomials(constant(2n), j), multiplyPolynomials(constant(1n, 2n), j, j));
    expect(formatPolynomial(mixed)).toBe('2*j + x + 1/2*j^2');
    expect(formatPolynomial(negatePolynomial(mixed))).toBe('-2*j - x - 1/2*j^2');
  });

  it('reports variables, degrees and constants', () => {
    const polynomial = addPolynomials(multiplyPolynomials(x, x, y), j, constant(4n));
    expect([...polynomialVariables(polynomial)].sort()).toEqual(['j', 'x', 'y']);
    expect(degreeIn(polynomial, 'x')).toBe(2);
    expect(degreeIn(polynomial, 'w')).toBe(0);
    expect(totalDegree(polynomial)).toBe(3);
    expect(isConstantPolynomial(polynomial)).toBeUndefined();
    expect(isConstantPolynomial(constant(3n, 6n))).toEqual(rational(1n, 2n));
    expect(isConstantPolynomial(subtractPolynomials(y, y))).toEqual(rational(0n));
  });

  it('substitutes simultaneously', () => {
    const swapped = substitutePolynomial(
      subtractPolynomials(x, y),
      new Map([
        ['x', y],
        ['y', x],
      ]),
    );
    expect(polynomialsEqual(swapped, subtractPolynomials(y, x))).toBe(true);
    const squared = substitutePolynomial(multiplyPolynomials(x, x), new Map([['x', addPolynomials(y, constant(1n))]]));
    expect(formatPolynomial(squared)).toBe('2*y + y^2 + 1');
  });

  it('throws when evaluating without a value for a variable', () => {
    expect(() => evaluatePolynomial(addPolynomials(x, y), new Map([['x', rational(1n)]]))).toThrow(/y/);
  });

  it('finds an integer numerator and a positive common denominator', () => {
    const polynomial = addPolynomials(
      multiplyPolynomials(constant(1n, 2n), j, j),
      multiplyPolynomials(constant(-1n, 3n), j),
      constant(5n),
    );
    const { numerator, denominator } = withCommonDenominator(polynomial);
    expect(denominator).toBe(6n);
    expect(numerator.monomials.every((monomial) => monomial.coefficient.denominator === 1n)).toBe(true);
    expect(polynomialsEqual(multiplyPolynomials(numerator, constant(1n, 6n)), polynomial)).toBe(true);
  });

  it('ring operations agree with evaluation (random polynomials)', () => {
    fc.assert(
      fc.property(polynomialArbitrary, polynomialArbitrary, valuesArbitrary, (left, right, values) => {
        const leftValue = evaluatePolynomial(left, values);
        const rightValue = evaluatePolynomial(right, values);
        expect(evaluatePolynomial(addPolynomials(left, right), values)).toEqual(addRationals(leftValue, rightValue));
        expect(evaluatePolynomial(multiplyPolynomials(left, right), values)).toEqual(
          multiplyRationals(leftValue, rightValue),
        );
        expect(polynomialsEqual(subtractPolynomials(addPolynomials(left, right), right), left)).toBe(true);
        const substituted = substitutePolynomial(
          left,
          new Map([
            ['x', right],
            ['y', left],
          ]),
        );
        const substitutedValues = new Map(values);
        substitutedValues.set('x', rightValue);
        substitutedValues.set('y', leftValue);
        expect(evaluatePolynomial(substituted, values)).toEqual(evaluatePolynomial(left, substitutedValues));
      }),
      { numRuns: 150 },
    );
  });
});

describe('sumOverRange', () => {
  it('gives the classic closed sums', () => {
    const t = variablePolynomial('t');
    expect(formatPolynomial(sumOverRange(constant(1n), 't', 'n'))).toBe('n');
    expect(formatPolynomial(sumOverRange(t, 't', 'n'))).toBe('-1/2*n + 1/2*n^2');
    expect(formatPolynomial(sumOverRange(multiplyPolynomials(t, t, t), 't', 'n'))).toBe('1/4*n^2 - 1/2*n^3 + 1/4*n^4');
    // other variables are constants of the sum
    expect(formatPolynomial(sumOverRange(multiplyPolynomials(x, t), 't', 'n'))).toBe('-1/2*n*x + 1/2*n^2*x');
  });

  it('agrees with direct summation (random polynomials, degrees up to 5 in the summed variable)', () => {
    fc.assert(
      fc.property(polynomialArbitrary, fc.nat(5), fc.nat(7), valuesArbitrary, (base, extraDegree, upper, values) => {
        const summand = multiplyPolynomials(base, ...Array<Polynomial>(extraDegree).fill(variablePolynomial('z')));
        const closed = sumOverRange(summand, 'z', 'n');
        expect(polynomialVariables(closed).has('z')).toBe(false);
        let direct = rational(0n);
        for (let index = 0; index < upper; index++) {
          const point = new Map(values);
          point.set('z', rational(BigInt(index)));
          direct = addRationals(direct, evaluatePolynomial(summand, point));
        }
        const at = new Map(values);
        at.set('n', rational(BigInt(upper)));
        expect(evaluatePolynomial(closed, at)).toEqual(direct);
      }),
      { numRuns: 150 },
    );
  });
});

describe('integer-valued polynomials', () => {
  const half = rational(1n, 2n);
  const sixth = rational(1n, 6n);
  it('knows the binomial-like ones from the others', () => {
    const triangle = multiplyPolynomials(constantPolynomial(half), x, subtractPolynomials(x, constant(1n)));
    expect(isIntegerValued(triangle)).toBe(true); // x(x − 1)/2
    expect(isIntegerValued(multiplyPolynomials(constantPolynomial(half), x))).toBe(false); // x/2
    expect(
      isIntegerValued(
        multiplyPolynomials(constantPolynomial(sixth), subtractPolynomials(multiplyPolynomials(x, x, x), x)),
      ),
    ).toBe(true); // (x³ − x)/6
    expect(
      isIntegerValued(multiplyPolynomials(constantPolynomial(half), x, y, subtractPolynomials(y, constant(1n)))),
    ).toBe(true); // x·y(y − 1)/2
    expect(isIntegerValued(addPolynomials(triangle, multiplyPolynomials(constant(1n, 3n), y)))).toBe(false); // + y/3
    expect(isIntegerValued(constant(5n))).toBe(true);
    expect(isIntegerValued(constant(5n, 2n))).toBe(false);
  });

  it('agrees with evaluation: integer on every integer point when it says so, else not integer on some point', () => {
    fc.assert(
      fc.property(polynomialArbitrary, (polynomial) => {
        const points: Map<string, Rational>[] = [];
        for (let first = -4n; first <= 4n; first++)
          for (let second = -4n; second <= 4n; second++)
            for (let third = -3n; third <= 3n; third++) {
              points.push(
                new Map([
                  ['x', rational(first)],
                  ['y', rational(second)],
                  ['z', rational(third)],
                ]),
              );
            }
        const integral = points.every((point) => evaluatePolynomial(polynomial, point).denominator === 1n);
        expect(isIntegerValued(polynomial)).toBe(integral);
      }),
      { numRuns: 300 },
    );
  });
});
