// Exact multivariate polynomials with rational (bigint) coefficients over string-named variables,
// the arithmetic behind the closed forms of the `accel` encoding (closed-forms.ts).
//
// Values are immutable and canonical: a rational has a positive denominator and gcd 1; a polynomial
// has its like terms combined, no zero coefficients, and its monomials in a fixed order (total degree
// ascending, then by the printed power product, the constant term last), so structural equality is
// polynomial equality. Soundness: all arithmetic is exact (no floating point, no overflow); a
// variable without a value makes evaluation throw rather than guess.

export interface Rational {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

function absolute(value: bigint): bigint {
  return value < 0n ? -value : value;
}

export function greatestCommonDivisor(left: bigint, right: bigint): bigint {
  let first = absolute(left);
  let second = absolute(right);
  while (second !== 0n) {
    const remainder = first % second;
    first = second;
    second = remainder;
  }
  return first;
}

export function rational(numerator: bigint, denominator: bigint = 1n): Rational {
  if (denominator === 0n) throw new Error('rational: zero denominator');
  const sign = denominator < 0n ? -1n : 1n;
  const divisor = greatestCommonDivisor(numerator, denominator);
  if (divisor === 0n) return Object.freeze({ numerator: 0n, denominator: 1n });
  return Object.freeze({ numerator: (sign * numerator) / divisor, denominator: (sign * denominator) / divisor });
}

export const zeroRational: Rational = rational(0n);
export const oneRational: Rational = rational(1n);

export function addRationals(left: Rational, right: Rational): Rational {
  return rational(
    left.numerator * right.denominator + right.numerator * left.denominator,
    left.denominator * right.denominator,
  );
}

export function negateRational(operand: Rational): Rational {
  return rational(-operand.numerator, operand.denominator);
}

export function subtractRationals(left: Rational, right: Rational): Rational {
  return addRationals(left, negateRational(right));
}

export function multiplyRationals(left: Rational, right: Rational): Rational {
  return rational(left.numerator * right.numerator, left.denominator * right.denominator);
}

export function divideRationals(left: Rational, right: Rational): Rational {
  if (right.numerator === 0n) throw new Error('divideRationals: division by zero');
  return rational(left.numerator * right.denominator, left.denominator * right.numerator);
}

export function isZeroRational(operand: Rational): boolean {
  return operand.numerator === 0n;
}

export function rationalsEqual(left: Rational, right: Rational): boolean {
  return left.numerator === right.numerator && left.denominator === right.denominator;
}

export function formatRational(operand: Rational): string {
  return operand.denominator === 1n ? `${operand.numerator}` : `${operand.numerator}/${operand.denominator}`;
}

export interface Monomial {
  readonly coefficient: Rational;
  /** variable → power; only powers > 0 */
  readonly powers: ReadonlyMap<string, number>;
}

export interface Polynomial {
  readonly monomials: readonly Monomial[];
}

/** the power product as text, variables sorted: "x^2*y"; "" for the constant monomial */
function powerKey(powers: ReadonlyMap<string, number>): string {
  return [...powers.entries()]
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
    .map(([name, power]) => (power === 1 ? name : `${name}^${power}`))
    .join('*');
}

function powersDegree(powers: ReadonlyMap<string, number>): number {
  let degree = 0;
  for (const power of powers.values()) degree += power;
  return degree;
}

function compareMonomials(left: Monomial, right: Monomial): number {
  const leftDegree = powersDegree(left.powers);
  const rightDegree = powersDegree(right.powers);
  if (leftDegree === 0 || rightDegree === 0) return rightDegree - leftDegree; // constant term last
  if (leftDegree !== rightDegree) return leftDegree - rightDegree;
  const leftKey = powerKey(left.powers);
  const rightKey = powerKey(right.powers);
  return leftKey < rightKey ? -1 : leftKey > rightKey ? 1 : 0;
}

/** combines like terms, drops zeros, sorts */
function normalise(monomials: Iterable<Monomial>): Polynomial {
  const byKey = new Map<string, { coefficient: Rational; powers: ReadonlyMap<string, number> }>();
  for (const monomial of monomials) {
    if (isZeroRational(monomial.coefficient)) continue;
    const key = powerKey(monomial.powers);
    const existing = byKey.get(key);
    if (existing === undefined) byKey.set(key, { coefficient: monomial.coefficient, powers: monomial.powers });
    else existing.coefficient = addRationals(existing.coefficient, monomial.coefficient);
  }
  const result: Monomial[] = [];
  for (const { coefficient, powers } of byKey.values()) {
    if (isZeroRational(coefficient)) continue;
    const cleaned = new Map<string, number>();
    for (const [name, power] of powers) if (power > 0) cleaned.set(name, power);
    result.push(Object.freeze({ coefficient, powers: cleaned }));
  }
  result.sort(compareMonomials);
  return Object.freeze({ monomials: Object.freeze(result) });
}

function toRational(value: bigint | Rational): Rational {
  return typeof value === 'bigint' ? rational(value) : value;
}

export const zeroPolynomial: Polynomial = normalise([]);

export function constantPolynomial(value: bigint | Rational): Polynomial {
  return normalise([{ coefficient: toRational(value), powers: new Map() }]);
}

export function variablePolynomial(name: string): Polynomial {
  return normalise([{ coefficient: oneRational, powers: new Map([[name, 1]]) }]);
}

export function addPolynomials(...operands: Polynomial[]): Polynomial {
  return normalise(operands.flatMap((operand) => operand.monomials));
}

export function negatePolynomial(operand: Polynomial): Polynomial {
  return normalise(
    operand.monomials.map((monomial) => ({
      coefficient: negateRational(monomial.coefficient),
      powers: monomial.powers,
    })),
  );
}

export function subtractPolynomials(left: Polynomial, right: Polynomial): Polynomial {
  return addPolynomials(left, negatePolynomial(right));
}

function multiplyTwo(left: Polynomial, right: Polynomial): Polynomial {
  const products: Monomial[] = [];
  for (const first of left.monomials) {
    for (const second of right.monomials) {
      const powers = new Map(first.powers);
      for (const [name, power] of second.powers) powers.set(name, (powers.get(name) ?? 0) + power);
      products.push({ coefficient: multiplyRationals(first.coefficient, second.coefficient), powers });
    }
  }
  return normalise(products);
}

export function multiplyPolynomials(...operands: Polynomial[]): Polynomial {
  let result = constantPolynomial(1n);
  for (const operand of operands) result = multiplyTwo(result, operand);
  return result;
}

export function scalePolynomial(operand: Polynomial, factor: bigint | Rational): Polynomial {
  return multiplyTwo(operand, constantPolynomial(factor));
}

export function powerPolynomial(operand: Polynomial, exponent: number): Polynomial {
  if (!Number.isInteger(exponent) || exponent < 0) throw new Error(`powerPolynomial: bad exponent ${exponent}`);
  let result = constantPolynomial(1n);
  for (let index = 0; index < exponent; index++) result = multiplyTwo(result, operand);
  return result;
}

/** replaces every variable in `replacements` by its polynomial, all at once */
export function substitutePolynomial(operand: Polynomial, replacements: ReadonlyMap<string, Polynomial>): Polynomial {
  const terms: Polynomial[] = [];
  for (const monomial of operand.monomials) {
    const kept = new Map<string, number>();
    const factors: Polynomial[] = [];
    for (const [name, power] of monomial.powers) {
      const replacement = replacements.get(name);
      if (replacement === undefined) kept.set(name, power);
      else factors.push(powerPolynomial(replacement, power));
    }
    terms.push(multiplyPolynomials(normalise([{ coefficient: monomial.coefficient, powers: kept }]), ...factors));
  }
  return addPolynomials(...terms);
}

/** throws when a variable of the polynomial has no value */
export function evaluatePolynomial(operand: Polynomial, values: ReadonlyMap<string, Rational>): Rational {
  let sum = zeroRational;
  for (const monomial of operand.monomials) {
    let product = monomial.coefficient;
    for (const [name, power] of monomial.powers) {
      const value = values.get(name);
      if (value === undefined) throw new Error(`evaluatePolynomial: no value for ${name}`);
      for (let index = 0; index < power; index++) product = multiplyRationals(product, value);
    }
    sum = addRationals(sum, product);
  }
  return sum;
}

export function polynomialVariables(operand: Polynomial): Set<string> {
  const names = new Set<string>();
  for (const monomial of operand.monomials) for (const name of monomial.powers.keys()) names.add(name);
  return names;
}

export function degreeIn(operand: Polynomial, name: string): number {
  let degree = 0;
  for (const monomial of operand.monomials) degree = Math.max(degree, monomial.powers.get(name) ?? 0);
  return degree;
}

export function totalDegree(operand: Polynomial): number {
  let degree = 0;
  for (const monomial of operand.monomials) degree = Math.max(degree, powersDegree(monomial.powers));
  return degree;
}

export function polynomialsEqual(left: Polynomial, right: Polynomial): boolean {
  if (left.monomials.length !== right.monomials.length) return false;
  return left.monomials.every((monomial, index) => {
    const other = right.monomials[index]!;
    return (
      rationalsEqual(monomial.coefficient, other.coefficient) && powerKey(monomial.powers) === powerKey(other.powers)
    );
  });
}

/** the value when the polynomial is a constant (zero included), otherwise undefined */
export function isConstantPolynomial(operand: Polynomial): Rational | undefined {
  if (operand.monomials.length === 0) return zeroRational;
  if (operand.monomials.length === 1 && operand.monomials[0]!.powers.size === 0)
    return operand.monomials[0]!.coefficient;
  return undefined;
}

/** integer-coefficient numerator and positive denominator with operand = numerator / denominator */
export function withCommonDenominator(operand: Polynomial): {
  readonly numerator: Polynomial;
  readonly denominator: bigint;
} {
  let denominator = 1n;
  for (const monomial of operand.monomials) {
    const divisor = monomial.coefficient.denominator;
    denominator = (denominator * divisor) / greatestCommonDivisor(denominator, divisor);
  }
  return { numerator: scalePolynomial(operand, denominator), denominator };
}

/** readable: "x + 2*j + 1/2*j^2" (stable order) */
export function formatPolynomial(operand: Polynomial): string {
  if (operand.monomials.length === 0) return '0';
  let text = '';
  operand.monomials.forEach((monomial, index) => {
    const negative = monomial.coefficient.numerator < 0n;
    const magnitude = negative ? negateRational(monomial.coefficient) : monomial.coefficient;
    const product = powerKey(monomial.powers);
    const body =
      product === ''
        ? formatRational(magnitude)
        : rationalsEqual(magnitude, oneRational)
          ? product
          : `${formatRational(magnitude)}*${product}`;
    if (index === 0) text = negative ? `-${body}` : body;
    else text += negative ? ` - ${body}` : ` + ${body}`;
  });
  return text;
}

const sumOfPowersCache: Polynomial[] = [];

/** S_d(m) = sum_{t=0}^{m-1} t^d as a polynomial in the variable "m", from
 *  m^{d+1} = sum_{k=0}^{d} C(d+1, k) S_k(m) (telescoping (t+1)^{d+1} - t^{d+1}) */
function sumOfPowers(degree: number): Polynomial {
  const cached = sumOfPowersCache[degree];
  if (cached !== undefined) return cached;
  const upper = variablePolynomial('m');
  let remainder = powerPolynomial(upper, degree + 1);
  let binomial = 1n; // C(degree + 1, k)
  for (let lower = 0; lower < degree; lower++) {
    remainder = subtractPolynomials(remainder, scalePolynomial(sumOfPowers(lower), binomial));
    binomial = (binomial * BigInt(degree + 1 - lower)) / BigInt(lower + 1);
  }
  const result = scalePolynomial(remainder, rational(1n, BigInt(degree + 1)));
  sumOfPowersCache[degree] = result;
  return result;
}

/** sum_{t=0}^{upper-1} operand[t/name] as a polynomial in `upper` (Faulhaber, any degree); the other
 *  variables of operand are constants of the sum (an occurrence of `upper` in operand stays as it is) */
export function sumOverRange(operand: Polynomial, name: string, upper: string): Polynomial {
  const terms: Polynomial[] = [];
  const upperPolynomial = variablePolynomial(upper);
  for (const monomial of operand.monomials) {
    const degree = monomial.powers.get(name) ?? 0;
    const rest = new Map(monomial.powers);
    rest.delete(name);
    const factor = normalise([{ coefficient: monomial.coefficient, powers: rest }]);
    const sum = substitutePolynomial(sumOfPowers(degree), new Map([['m', upperPolynomial]]));
    terms.push(multiplyTwo(factor, sum));
  }
  return addPolynomials(...terms);
}

/** the most grid points `isIntegerValued` evaluates (the product of (degree + 1) over the variables) */
const maximumIntegerValuedGrid = 4096;

/**
 * Whether the polynomial takes an integer value at every integer point (Z^k, k its variables), such
 * as n(n − 1)/2. Exact: a polynomial is integer-valued iff its Newton coefficients, the forward
 * differences Δ^j p(0) for 0 <= j_i <= deg_i, are integers (it is their combination of products of
 * binomials C(x_i, j_i), each integer-valued). Answers false when the grid would be too large.
 */
export function isIntegerValued(operand: Polynomial): boolean {
  const names = [...polynomialVariables(operand)];
  const extents = names.map((name) => degreeIn(operand, name) + 1);
  const size = extents.reduce((product, extent) => product * extent, 1);
  if (size > maximumIntegerValuedGrid) return false;
  // the values on the grid ∏ {0 .. deg_i}, the last variable varying fastest
  const values: Rational[] = [];
  for (let index = 0; index < size; index++) {
    const point = new Map<string, Rational>();
    let rest = index;
    for (let variable = names.length - 1; variable >= 0; variable--) {
      point.set(names[variable]!, rational(BigInt(rest % extents[variable]!)));
      rest = Math.floor(rest / extents[variable]!);
    }
    values.push(evaluatePolynomial(operand, point));
  }
  // forward differences along each variable in turn (in place, highest coordinate first)
  let stride = 1;
  for (let variable = names.length - 1; variable >= 0; variable--) {
    const extent = extents[variable]!;
    for (let order = 1; order < extent; order++) {
      for (let index = size - 1; index >= 0; index--) {
        if (Math.floor(index / stride) % extent >= order)
          values[index] = subtractRationals(values[index]!, values[index - stride]!);
      }
    }
    stride *= extent;
  }
  return values.every((value) => value.denominator === 1n);
}
