// Exact simplification of viap terms after substitution (e.g. the body of iteration q read at the
// cell that iteration writes): comparisons of two integer terms whose difference is a constant
// polynomial are decided (x + 0 = x, x < x + 1), and `and`, `or`, `not`, `ite` fold the constants
// that result. Only identities over the mathematical integers are used (int semantics), so the
// simplified term equals the original under every interpretation.

import { isConstantPolynomial, subtractPolynomials } from '../../analysis/polynomial.js';
import {
  and, boolConstant, implies, ite, not, or, type Term,
} from '../../smt/terms.js';
import { AtomTable, termPolynomial } from './polynomial-terms.js';

const noVarying: ReadonlySet<string> = new Set();

/** the constant value of left − right, when it is one */
export function constantDifference(left: Term, right: Term): bigint | undefined {
  if (left.sort.kind !== 'int' || right.sort.kind !== 'int') return undefined;
  const atoms = new AtomTable();
  const leftPolynomial = termPolynomial(left, noVarying, atoms);
  const rightPolynomial = termPolynomial(right, noVarying, atoms);
  if (leftPolynomial === undefined || rightPolynomial === undefined) return undefined;
  const difference = isConstantPolynomial(subtractPolynomials(leftPolynomial, rightPolynomial));
  return difference === undefined || difference.denominator !== 1n ? undefined : difference.numerator;
}

function decideComparison(operator: string, left: Term, right: Term): boolean | undefined {
  const difference = constantDifference(left, right);
  if (difference === undefined) return undefined;
  switch (operator) {
    case '=': return difference === 0n;
    case '<': return difference < 0n;
    case '<=': return difference <= 0n;
    case '>': return difference > 0n;
    case '>=': return difference >= 0n;
    default: return undefined;
  }
}

export function simplifyTerm(term: Term): Term {
  const memo = new Map<Term, Term>();
  const visit = (current: Term): Term => {
    const known = memo.get(current);
    if (known !== undefined) return known;
    let result: Term = current;
    if (current.kind === 'apply') {
      const operands = current.arguments.map(visit);
      switch (current.operator) {
        case 'and': result = and(...operands); break;
        case 'or': result = or(...operands); break;
        case 'not': result = not(operands[0]!); break;
        case '=>': result = implies(operands[0]!, operands[1]!); break;
        case 'ite': result = ite(operands[0]!, operands[1]!, operands[2]!); break;
        case '=': case '<': case '<=': case '>': case '>=': {
          const decided = operands.length === 2 ? decideComparison(current.operator, operands[0]!, operands[1]!) : undefined;
          result = decided !== undefined ? boolConstant(decided) : withOperands(current, operands);
          break;
        }
        default: result = withOperands(current, operands); break;
      }
    } else if (current.kind === 'applyFunction') {
      result = withOperands(current, current.arguments.map(visit));
    }
    memo.set(current, result);
    return result;
  };
  return visit(term);
}

/** the application with new operands; the term itself when none changed */
export function withOperands(term: Extract<Term, { kind: 'apply' | 'applyFunction' }>, operands: readonly Term[]): Term {
  if (operands.every((operand, index) => operand === term.arguments[index])) return term;
  return Object.freeze({ ...term, arguments: Object.freeze([...operands]) }) as Term;
}
