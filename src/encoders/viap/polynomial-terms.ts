// Integer terms read as polynomials and back (viap encoding, our replacement for the paper's SymPy).
//
// `termPolynomial` reads +, -, * and integer constants as polynomial operations. A symbol is a
// variable named by the symbol. Any other subterm (a function application, an array read, a
// division that is not exact, an `ite`) becomes an atom: a variable standing for that whole subterm, allowed only
// when it contains none of the `varying` symbols (the loop's iteration counter and the placeholders
// of the values at the start of an iteration); otherwise the term is not polynomial (undefined).
// `polynomialTerm` writes a polynomial with rational coefficients as an integer term: the numerator
// over the common denominator, divided exactly (`div`), which is correct because callers only
// convert integer-valued polynomials (closed forms of integer recurrences).
//
// Soundness: both directions are exact over the mathematical integers (int semantics).

import {
  addPolynomials,
  constantPolynomial,
  isConstantPolynomial,
  isIntegerValued,
  multiplyPolynomials,
  rational,
  scalePolynomial,
  negatePolynomial,
  substitutePolynomial,
  subtractPolynomials,
  variablePolynomial,
  withCommonDenominator,
  zeroPolynomial,
  type Polynomial,
} from '../../analysis/polynomial.js';
import { printTerm } from '../../smt/printer.js';
import { add, containsSubterm, euclideanDivide, intConstant, ite, multiply, type Term } from '../../smt/terms.js';

/** the polynomial as rest + constant, the constant an integer (undefined when it is not) */
function splitConstant(operand: Polynomial): { readonly rest: Polynomial; readonly constant: bigint } | undefined {
  const constant = operand.monomials.find((monomial) => monomial.powers.size === 0)?.coefficient ?? rational(0n);
  if (constant.denominator !== 1n || constant.numerator === 0n) return undefined;
  return { rest: subtractPolynomials(operand, constantPolynomial(constant)), constant: constant.numerator };
}

/** floor(left / right) for right > 0 (SMT-LIB div with a positive divisor) */
function floorDivide(left: bigint, right: bigint): bigint {
  const quotient = left / right;
  return quotient * right > left ? quotient - 1n : quotient;
}

/** the atoms met while reading terms: variable name → the subterm it stands for */
export class AtomTable {
  private readonly byText = new Map<string, string>();
  readonly terms = new Map<string, Term>();
  /** the symbols read as variables, by name */
  readonly symbols = new Map<string, Term>();

  /** the term a polynomial variable stands for (an atom or a symbol), if known */
  termOf(name: string): Term | undefined {
    return this.terms.get(name) ?? this.symbols.get(name);
  }

  nameFor(term: Term): string {
    const text = printTerm(term);
    let name = this.byText.get(text);
    if (name === undefined) {
      name = `#atom${this.byText.size}`;
      this.byText.set(text, name);
      this.terms.set(name, term);
    }
    return name;
  }
}

/** the term as a polynomial, or undefined when a non-polynomial part depends on a varying symbol */
export function termPolynomial(term: Term, varying: ReadonlySet<string>, atoms: AtomTable): Polynomial | undefined {
  switch (term.kind) {
    case 'intConstant':
      return constantPolynomial(term.value);
    case 'symbol':
      if (term.sort.kind !== 'int') return undefined;
      atoms.symbols.set(term.name, term);
      return variablePolynomial(term.name);
    case 'apply': {
      const operands = term.arguments;
      if (term.operator === '+' || term.operator === '*') {
        const parts: Polynomial[] = [];
        for (const operand of operands) {
          const part = termPolynomial(operand, varying, atoms);
          if (part === undefined) return undefined;
          parts.push(part);
        }
        return term.operator === '+' ? addPolynomials(...parts) : multiplyPolynomials(...parts);
      }
      if (term.operator === '-') {
        const parts: Polynomial[] = [];
        for (const operand of operands) {
          const part = termPolynomial(operand, varying, atoms);
          if (part === undefined) return undefined;
          parts.push(part);
        }
        if (parts.length === 1) return negatePolynomial(parts[0]!);
        return parts.slice(1).reduce((left, right) => subtractPolynomials(left, right), parts[0]!);
      }
      const divisor = term.operator === 'div' ? term.arguments[1]! : undefined;
      if (divisor !== undefined && divisor.kind === 'intConstant' && divisor.value > 0n) {
        // P div d is P/d where P/d is integer-valued (an exact division: an inner closed form
        // s0 + (i·j² − i·j) div 2 read by the enclosing loop, whose counter i varies)
        const dividend = termPolynomial(term.arguments[0]!, varying, atoms);
        const quotient = dividend === undefined ? undefined : scalePolynomial(dividend, rational(1n, divisor.value));
        if (quotient !== undefined && isIntegerValued(quotient)) return quotient;
        // P = d·Q + c with Q integer-valued and c an integer constant: P div d = Q + (c div d)
        // ((2·N + 1) div 2 = N, a count of the even iterations read at the loop's end)
        const split = dividend === undefined ? undefined : splitConstant(dividend);
        if (split !== undefined) {
          const rest = scalePolynomial(split.rest, rational(1n, divisor.value));
          if (isIntegerValued(rest))
            return addPolynomials(rest, constantPolynomial(floorDivide(split.constant, divisor.value)));
        }
      }
      if (term.operator === 'div' || term.operator === 'mod') {
        // a quotient or remainder of two integer constants is a constant
        const left = termPolynomial(term.arguments[0]!, varying, atoms);
        const right = termPolynomial(term.arguments[1]!, varying, atoms);
        const leftValue = left === undefined ? undefined : isConstantPolynomial(left);
        const rightValue = right === undefined ? undefined : isConstantPolynomial(right);
        if (leftValue?.denominator === 1n && rightValue?.denominator === 1n && rightValue.numerator > 0n) {
          const quotient = floorDivide(leftValue.numerator, rightValue.numerator);
          return constantPolynomial(
            term.operator === 'div' ? quotient : leftValue.numerator - quotient * rightValue.numerator,
          );
        }
      }
      if (term.operator === 'ite' && !dependsOn(term.arguments[0]!, varying)) {
        // ite(c, A, B) = B + [c]·(A − B) with the invariant indicator [c] = ite(c, 1, 0) as an atom
        const thenPart = termPolynomial(term.arguments[1]!, varying, atoms);
        const elsePart = termPolynomial(term.arguments[2]!, varying, atoms);
        if (thenPart === undefined || elsePart === undefined) return undefined;
        const indicator = variablePolynomial(atoms.nameFor(ite(term.arguments[0]!, intConstant(1n), intConstant(0n))));
        return addPolynomials(elsePart, multiplyPolynomials(indicator, subtractPolynomials(thenPart, elsePart)));
      }
      break;
    }
    default:
      break;
  }
  if (term.sort.kind !== 'int' || dependsOn(term, varying)) return undefined;
  return variablePolynomial(atoms.nameFor(term));
}

/** whether a free symbol of the term is one of `names` */
export function dependsOn(term: Term, names: ReadonlySet<string>): boolean {
  if (names.size === 0) return false;
  return containsSubterm(term, (current) => current.kind === 'symbol' && names.has(current.name), {
    intoBinders: true,
  });
}

/**
 * the integer term of an integer-valued polynomial; `valueOf` gives the term of each variable. The
 * monomials with integer coefficients are written as they are and only the others go over their
 * common denominator d: A + (B div d) equals (A + B) div d because A is an integer and d divides B
 * (the whole is integer-valued). A closed form s0 + (n² − n)/2 then stays polynomial in s0 for the
 * enclosing loop (an inner sum of the index, summed again by an outer loop).
 */
export function polynomialTerm(polynomial: Polynomial, valueOf: (name: string) => Term): Term {
  const integral = polynomial.monomials.filter((monomial) => monomial.coefficient.denominator === 1n);
  const fractional = polynomial.monomials.filter((monomial) => monomial.coefficient.denominator !== 1n);
  const integralSum = sumOfMonomials(integral, valueOf);
  if (fractional.length === 0) return integralSum;
  const { numerator, denominator } = withCommonDenominator({ monomials: fractional });
  const quotient = euclideanDivide(sumOfMonomials(numerator.monomials, valueOf), intConstant(denominator));
  return integral.length === 0 ? quotient : add(integralSum, quotient);
}

function sumOfMonomials(monomialList: Polynomial['monomials'], valueOf: (name: string) => Term): Term {
  const monomials = monomialList.map((monomial) => {
    const factors: Term[] = [];
    const coefficient = monomial.coefficient.numerator;
    if (coefficient !== 1n || monomial.powers.size === 0) factors.push(intConstant(coefficient));
    for (const [name, power] of monomial.powers)
      for (let count = 0; count < power; count++) factors.push(valueOf(name));
    return factors.length === 1 ? factors[0]! : multiply(...factors);
  });
  return monomials.length === 0 ? intConstant(0n) : monomials.length === 1 ? monomials[0]! : add(...monomials);
}

/**
 * the comparison `left op right` (op one of <, <=, >, >=) over the integers as `P < 0`: the
 * polynomial P, or undefined for another operator
 */
export function belowZeroForm(operator: string, left: Polynomial, right: Polynomial): Polynomial | undefined {
  const difference = subtractPolynomials(left, right);
  switch (operator) {
    case '<':
      return difference;
    case '<=':
      return subtractPolynomials(difference, constantPolynomial(1n)); // x <= 0 iff x − 1 < 0
    case '>':
      return subtractPolynomials(zeroPolynomial, difference); // x > 0 iff −x < 0
    case '>=':
      return subtractPolynomials(subtractPolynomials(zeroPolynomial, difference), constantPolynomial(1n)); // x >= 0 iff −x − 1 < 0
    default:
      return undefined;
  }
}

/**
 * a polynomial of degree 1 in `name` as slope·name + rest: the slope when it is an integer (else
 * undefined) and the rest, free of `name`
 */
export function splitAffine(
  polynomial: Polynomial,
  name: string,
): { readonly slope: bigint | undefined; readonly rest: Polynomial } {
  const rest = substitutePolynomial(polynomial, new Map([[name, zeroPolynomial]]));
  return { slope: coefficientOf(subtractPolynomials(polynomial, rest), name), rest };
}

/** the integer coefficient of `name` in a polynomial of the form k·name, else undefined */
function coefficientOf(polynomial: Polynomial, name: string): bigint | undefined {
  if (polynomial.monomials.length !== 1) return undefined;
  const monomial = polynomial.monomials[0]!;
  if (monomial.powers.size !== 1 || monomial.powers.get(name) !== 1 || monomial.coefficient.denominator !== 1n)
    return undefined;
  return monomial.coefficient.numerator;
}
