// Exact simplification of viap terms after substitution (e.g. the body of iteration q read at the
// cell that iteration writes): comparisons of two integer terms whose difference is a constant
// polynomial are decided (x + 0 = x, x < x + 1), an ite compared with a constant is compared in each
// branch, x mod 1 is 0, and `and`, `or`, `not`, `ite` fold the constants that result. Only identities over the mathematical integers are used (int semantics), so the
// simplified term equals the original under every interpretation.

import { printTerm } from '../../smt/printer.js';
import { isConstantPolynomial, subtractPolynomials } from '../../analysis/polynomial.js';
import {
  and,
  boolConstant,
  freeSymbolNames,
  implies,
  intConstant,
  ite,
  not,
  or,
  substituteTerm,
  type Term,
  type SymbolTerm,
} from '../../smt/terms.js';
import { AtomTable, termPolynomial } from './polynomial-terms.js';

const noVarying: ReadonlySet<string> = new Set();

/** a nest of selects a[i][j] as its base a and its indices [i, j] (no indices when the term is no select) */
export function selectChain(term: Term): { readonly base: Term; readonly indices: readonly Term[] } {
  const indices: Term[] = [];
  let base = term;
  while (base.kind === 'apply' && base.operator === 'select') {
    indices.unshift(base.arguments[1]!);
    base = base.arguments[0]!;
  }
  return { base, indices };
}

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
    case '=':
      return difference === 0n;
    case '<':
      return difference < 0n;
    case '<=':
      return difference <= 0n;
    case '>':
      return difference > 0n;
    case '>=':
      return difference >= 0n;
    default:
      return undefined;
  }
}

/**
 * ite with two constant boolean branches folded (ite(c, true, false) is c); with one, it stays an
 * ite, so that deciding its conditions (forms.ts) can still decide the other branch
 */
function booleanIte(condition: Term, thenTerm: Term, elseTerm: Term): Term {
  if (thenTerm.kind === 'boolConstant' && elseTerm.kind === 'boolConstant') {
    if (thenTerm.value === elseTerm.value) return thenTerm;
    return thenTerm.value ? condition : not(condition);
  }
  return ite(condition, thenTerm, elseTerm);
}

/**
 * a comparison decided when the difference of its sides is a constant; an ite compared with a
 * constant becomes the comparison in each branch (ite(c, x mod 1, n + 1) = 0 is ite(c, true, n + 1 = 0))
 */
function compared(term: Extract<Term, { kind: 'apply' }>, left: Term, right: Term): Term {
  const decided = decideComparison(term.operator, left, right);
  if (decided !== undefined) return boolConstant(decided);
  if (left.kind === 'apply' && left.operator === 'ite' && right.kind === 'intConstant') {
    const [condition, thenTerm, elseTerm] = left.arguments as [Term, Term, Term];
    const branch = (value: Term): Term =>
      compared(withOperands(term, [value, right]) as Extract<Term, { kind: 'apply' }>, value, right);
    return booleanIte(condition, branch(thenTerm), branch(elseTerm));
  }
  return withOperands(term, [left, right]);
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
        case 'and':
          result = and(...operands);
          break;
        case 'or':
          result = or(...operands);
          break;
        case 'not':
          result = not(operands[0]!);
          break;
        case '=>':
          result = implies(operands[0]!, operands[1]!);
          break;
        case 'ite':
          result = booleanIte(operands[0]!, operands[1]!, operands[2]!);
          break;
        case '=':
        case '<':
        case '<=':
        case '>':
        case '>=': {
          result =
            operands.length === 2 ? compared(current, operands[0]!, operands[1]!) : withOperands(current, operands);
          break;
        }
        case 'mod': {
          // x mod ±1 = 0 (a Euclidean remainder by one)
          const divisor = operands[1];
          result =
            divisor?.kind === 'intConstant' && (divisor.value === 1n || divisor.value === -1n)
              ? intConstant(0n)
              : withOperands(current, operands);
          break;
        }
        default:
          result = withOperands(current, operands);
          break;
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
export function withOperands(
  term: Extract<Term, { kind: 'apply' | 'applyFunction' }>,
  operands: readonly Term[],
): Term {
  if (operands.every((operand, index) => operand === term.arguments[index])) return term;
  return Object.freeze({ ...term, arguments: Object.freeze([...operands]) }) as Term;
}

/** every subterm `matches` accepts (outermost first) replaced by `replacement` */
export function replaceWhere(term: Term, matches: (term: Term) => boolean, replacement: Term): Term {
  if (matches(term)) return replacement;
  if (term.kind !== 'apply' && term.kind !== 'applyFunction') return term;
  return withOperands(
    term,
    term.arguments.map((operand) => replaceWhere(operand, matches, replacement)),
  );
}

/** the conjuncts of a term (nested `and` flattened) */
export function conjunctsOf(term: Term, into: Term[] = []): Term[] {
  if (term.kind === 'apply' && term.operator === 'and')
    for (const operand of term.arguments) conjunctsOf(operand, into);
  else into.push(term);
  return into;
}

/**
 * The top-level conjuncts of the terms, and the conjuncts of `G => B` where G is itself one of them
 * (the loop counts defined under the path's guard, which the failure asserts): each holds in every
 * model of the terms.
 */
function assertedConjuncts(terms: readonly Term[]): Term[] {
  const conjuncts = terms.flatMap((term) => conjunctsOf(term));
  const asserted = new Set(conjuncts.map((conjunct) => printTerm(conjunct)));
  for (let index = 0; index < conjuncts.length; index++) {
    const conjunct = conjuncts[index]!;
    if (conjunct.kind !== 'apply' || conjunct.operator !== '=>' || conjunct.arguments.length !== 2) continue;
    if (!asserted.has(printTerm(conjunct.arguments[0]!))) continue;
    for (const implied of conjunctsOf(conjunct.arguments[1]!)) {
      const key = printTerm(implied);
      if (asserted.has(key)) continue;
      asserted.add(key);
      conjuncts.push(implied);
    }
  }
  return conjuncts;
}

/**
 * The assertions with each integer constant that a top-level conjunct defines (`c = t`, c a symbol
 * not free in t) replaced by its definition, simplified, followed by the definitions themselves:
 * the same models over the same symbols. Solvers do not always do this themselves (z3 needs seconds
 * for N·L ≠ N·N given L = N, and times out without a bound on N).
 */
export function substituteDefinitions(terms: readonly Term[]): Term[] {
  const definitions = new Map<string, Term>();
  const defined: Term[] = [];
  for (const conjunct of assertedConjuncts(terms)) {
    if (conjunct.kind !== 'apply' || conjunct.operator !== '=' || conjunct.arguments.length !== 2) continue;
    const [left, right] = conjunct.arguments as [Term, Term];
    for (const [name, value] of [
      [left, right],
      [right, left],
    ] as const) {
      if (name.kind !== 'symbol' || name.sort.kind !== 'int' || definitions.has(name.name)) continue;
      const resolved = substituteTerm(value, definitions);
      if (freeSymbolNames(resolved).has(name.name)) continue;
      const single = new Map([[name.name, resolved]]);
      for (const [other, otherValue] of definitions) definitions.set(other, substituteTerm(otherValue, single));
      definitions.set(name.name, resolved);
      defined.push(conjunct);
      break;
    }
  }
  if (definitions.size === 0) return [...terms];
  return [...terms.map((term) => simplifyTerm(substituteTerm(term, definitions))), ...defined];
}

/** `v = c` (either way round) with v a symbol and c an integer constant */
export function symbolEqualsConstant(term: Term): { readonly symbol: SymbolTerm; readonly value: bigint } | undefined {
  if (term.kind !== 'apply' || term.operator !== '=' || term.arguments.length !== 2) return undefined;
  const [left, right] = term.arguments as readonly [Term, Term];
  if (left.kind === 'symbol' && right.kind === 'intConstant') return { symbol: left, value: right.value };
  if (right.kind === 'symbol' && left.kind === 'intConstant') return { symbol: right, value: left.value };
  return undefined;
}

/**
 * In the then-branch of ite(... ∧ v = c ∧ ..., A, B), with v one of `cells` and c an integer constant,
 * an array index written c is written v: A reads m[1][r] where the cell is m[v][r] and v = 1, which
 * a matcher of the cell m[v][r] then sees. Exact: v and c are equal wherever A is taken.
 */
export function pinCellIndices(term: Term, cells: readonly SymbolTerm[]): Term {
  const names = new Set(cells.map((cell) => cell.name));
  const visit = (current: Term, pins: ReadonlyMap<bigint, Term>): Term => {
    if (current.kind !== 'apply' && current.kind !== 'applyFunction') return current;
    if (current.kind === 'apply' && current.operator === 'ite') {
      const [condition, thenValue, elseValue] = current.arguments as readonly [Term, Term, Term];
      const inner = new Map(pins);
      for (const conjunct of conjunctsOf(condition)) {
        const equality = symbolEqualsConstant(conjunct);
        if (equality !== undefined && names.has(equality.symbol.name)) inner.set(equality.value, equality.symbol);
      }
      return withOperands(current, [visit(condition, pins), visit(thenValue, inner), visit(elseValue, pins)]);
    }
    if (current.kind === 'apply' && current.operator === 'select' && pins.size > 0) {
      const [array, index] = current.arguments as readonly [Term, Term];
      const pinned = index.kind === 'intConstant' ? pins.get(index.value) : undefined;
      return withOperands(current, [visit(array, pins), pinned ?? visit(index, pins)]);
    }
    return withOperands(
      current,
      current.arguments.map((operand) => visit(operand, pins)),
    );
  };
  return visit(term, new Map());
}
