// Divisibility lemmas for the viap queries. A closed form with a rational coefficient is written
// `(div P d)` (polynomial-terms.ts), an exact division because P is a multiple of d at every
// integer point. The solver does not know that, and a nonlinear P defeats it: z3 answers unknown
// on 2·((N·N − N) div 2) ≠ N·(N − 1) once quantifiers are around. For every ground `(div P d)` of a
// query (d > 1 a constant) whose P, read as a polynomial with every other subterm an unknown
// integer, divided by d is integer-valued (analysis/polynomial.ts, exact), the lemma
// `(mod P d) = 0` is added; where P minus its constant term c is such a multiple, `(mod P d) =
// c mod d` (the count (2·N + 1) div 2 of the even iterations).
//
// Soundness: the lemma is valid (true for every value of every symbol), whatever the division's
// origin, since the test is on the polynomial itself; adding valid lemmas removes no model.

import {
  constantPolynomial,
  isIntegerValued,
  rational,
  scalePolynomial,
  subtractPolynomials,
} from '../../analysis/polynomial.js';
import { equal, euclideanModulo, forEachSubterm, freeSymbolNames, intConstant, type Term } from '../../smt/terms.js';
import { AtomTable, termPolynomial } from './polynomial-terms.js';

/** the lemmas `(mod P d) = 0` for the exact ground divisions met in the terms */
export function divisibilityLemmas(terms: readonly Term[]): Term[] {
  const ground = new Set<string>();
  for (const term of terms) for (const name of freeSymbolNames(term)) ground.add(name);
  const lemmas: Term[] = [];
  forEachSubterm(terms, (current) => {
    if (current.kind !== 'apply' || current.operator !== 'div') return;
    const lemma = exactDivisionLemma(current.arguments[0]!, current.arguments[1]!, ground);
    if (lemma !== undefined) lemmas.push(lemma);
  });
  return lemmas;
}

function exactDivisionLemma(dividend: Term, divisor: Term, ground: ReadonlySet<string>): Term | undefined {
  if (divisor.kind !== 'intConstant' || divisor.value <= 1n) return undefined;
  for (const name of freeSymbolNames(dividend)) if (!ground.has(name)) return undefined;
  const polynomial = termPolynomial(dividend, new Set(), new AtomTable());
  if (polynomial === undefined) return undefined;
  // P = Q + c with Q/d integer-valued and c an integer constant: P mod d = c mod d
  const constant = polynomial.monomials.find((monomial) => monomial.powers.size === 0)?.coefficient ?? rational(0n);
  if (constant.denominator !== 1n) return undefined;
  const rest = subtractPolynomials(polynomial, constantPolynomial(constant));
  if (!isIntegerValued(scalePolynomial(rest, rational(1n, divisor.value)))) return undefined;
  const remainder = ((constant.numerator % divisor.value) + divisor.value) % divisor.value;
  return equal(euclideanModulo(dividend, divisor), intConstant(remainder));
}

/** the assertions followed by the divisibility lemmas of their terms */
export function withDivisibilityLemmas<A extends { readonly term: Term; readonly comment?: string }>(
  assertions: readonly A[],
): ({ readonly term: Term; readonly comment?: string } | A)[] {
  const lemmas = divisibilityLemmas(assertions.map((assertion) => assertion.term));
  return [
    ...assertions,
    ...lemmas.map((term) => ({
      term,
      comment: 'an exact division of a closed form (valid: the polynomial is integer-valued)',
    })),
  ];
}
