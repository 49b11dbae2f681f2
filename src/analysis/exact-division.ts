// Exact divisions: `e / d` with d a nonzero constant and e a polynomial over integer scalars whose
// value is a multiple of d for every integer value of its variables (`n * (n - 1) / 2`, the closed
// forms of summed inner loops). For such a division C's truncation, floor division and the
// rational quotient all agree, so an encoder may state d·q = e for the quotient q, which a solver
// uses where it could not see through `div` of a nonlinear term.
//
// Soundness: the check is exact: isIntegerValued decides whether the polynomial e / d takes integer
// values on all of ℤ^k (by finite differences on a grid); anything that is not a polynomial (array
// reads, conditionals, divisions, bit operations, casts to _Bool) answers false. Casts are looked
// through, which is right over the mathematical integers of int semantics only.

import type { Expression } from '../ir/types.js';
import {
  addPolynomials,
  constantPolynomial,
  isIntegerValued,
  multiplyPolynomials,
  negatePolynomial,
  rational,
  scalePolynomial,
  subtractPolynomials,
  variablePolynomial,
  type Polynomial,
} from './polynomial.js';

/** the expression as a polynomial over its scalars (named by id), or undefined */
function polynomialOf(expression: Expression): Polynomial | undefined {
  switch (expression.kind) {
    case 'constant':
      return constantPolynomial(expression.value);
    case 'variable':
      return variablePolynomial(`v${expression.variable.id}`);
    case 'cast':
      return expression.type.width === 1 ? undefined : polynomialOf(expression.operand);
    case 'unary': {
      if (expression.operator !== 'negate') return undefined;
      const operand = polynomialOf(expression.operand);
      return operand === undefined ? undefined : negatePolynomial(operand);
    }
    case 'binary': {
      if (expression.operator !== 'add' && expression.operator !== 'subtract' && expression.operator !== 'multiply')
        return undefined;
      const left = polynomialOf(expression.left);
      const right = polynomialOf(expression.right);
      if (left === undefined || right === undefined) return undefined;
      switch (expression.operator) {
        case 'add':
          return addPolynomials(left, right);
        case 'subtract':
          return subtractPolynomials(left, right);
        case 'multiply':
          return multiplyPolynomials(left, right);
        default:
          return undefined;
      }
    }
    case 'arrayRead':
    case 'conditional':
      return undefined;
    default: {
      const never: never = expression;
      throw new Error(`unknown expression ${JSON.stringify(never)}`);
    }
  }
}

/** whether `numerator / divisor` is exact for every integer value of the numerator's scalars (int semantics) */
export function isExactDivision(numerator: Expression, divisor: bigint): boolean {
  if (divisor === 0n) return false;
  const polynomial = polynomialOf(numerator);
  return polynomial !== undefined && isIntegerValued(scalePolynomial(polynomial, rational(1n, divisor)));
}
