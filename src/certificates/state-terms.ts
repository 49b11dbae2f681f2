// Terms of unrolled states made small and shared, for the unrolling certifier (unrolled-invariants.ts):
// each term is rebuilt bottom-up and interned (structurally equal terms become one object, so the
// printer's `let`s share them and equal sides are seen as equal), with the rewrites below.
//
// Rewrites (each an identity of the theories of arrays and Booleans, so a term keeps its value in
// every interpretation):
// - `(select (store a i v) j)` with numerals i, j: v when i = j, else `(select a j)`;
// - `(select ((as const S) v) j)`: v;
// - `(store a i (select a i))`: a;
// - `(= a (store … (store a i u) … j v))` at distinct numerals: `(and (= (select a i) u) … (= (select a j) v))`;
// - `(= t t)`: true; `(ite c t t)`: t; and, or, not, ite over constants through the term constructors;
// - an `and` or `or` with an argument twice keeps it once.
// Quantifiers, lambdas and lets are kept as they are (the unrolled states have none).

import { and, apply, equal, ite, not, or, select, sortsEqual, trueTerm, type Sort, type Term } from '../smt/terms.js';
import { budgetTick } from '../budget-check.js';

/** the phase named when the budget runs out while simplifying */
const simplifyingPhase = 'unrolled states: simplifying';

export class StateTerms {
  private readonly canonical = new Map<string, Term>();
  private readonly identities = new Map<Term, number>();
  private readonly simplified = new Map<Term, Term>();

  /** the term simplified and interned (see the header) */
  simplify(term: Term): Term {
    const known = this.simplified.get(term);
    if (known !== undefined) return known;
    budgetTick(simplifyingPhase);
    const result = this.intern(this.rewrite(term));
    this.simplified.set(term, result);
    this.simplified.set(result, result);
    return result;
  }

  private rewrite(term: Term): Term {
    switch (term.kind) {
      case 'boolConstant':
      case 'intConstant':
      case 'bitvectorConstant':
      case 'symbol':
      case 'quantifier':
      case 'let':
      case 'applyFunction':
        return term;
      case 'constantArray': {
        const value = this.simplify(term.value);
        return value === term.value ? term : Object.freeze({ ...term, value });
      }
      case 'apply':
        return this.rewriteApply(
          term.operator,
          term.arguments.map((argument) => this.simplify(argument)),
          term,
        );
      default: {
        const never: never = term;
        throw new Error(`internal: unknown term ${JSON.stringify(never)}`);
      }
    }
  }

  private rewriteApply(operator: string, argumentsList: Term[], original: Term & { kind: 'apply' }): Term {
    switch (operator) {
      case 'select':
        return this.readOverWrite(argumentsList[0]!, argumentsList[1]!);
      case 'store': {
        const [array, index, value] = argumentsList as [Term, Term, Term];
        if (isApply(value, 'select') && value.arguments[0] === array && value.arguments[1] === index) return array;
        break;
      }
      case '=': {
        const [left, right] = argumentsList as [Term, Term];
        if (left === right) return trueTerm;
        const stored = storedCells(left, right) ?? storedCells(right, left);
        if (stored !== undefined)
          return and(...stored.cells.map((cell) => this.simplify(equal(select(stored.base, cell.index), cell.value))));
        break;
      }
      case 'and':
        return and(...unique(argumentsList));
      case 'or':
        return or(...unique(argumentsList));
      case 'not':
        return not(argumentsList[0]!);
      case 'ite':
        return ite(argumentsList[0]!, argumentsList[1]!, argumentsList[2]!);
      default:
        break;
    }
    return argumentsList.every((argument, index) => argument === original.arguments[index])
      ? original
      : apply(original.operator, argumentsList, original.sort, original.indices);
  }

  /** `(select array index)` past the stores at other numerals and into constant arrays */
  private readOverWrite(array: Term, index: Term): Term {
    let current = array;
    for (;;) {
      if (current.kind === 'constantArray') return current.value;
      if (!isApply(current, 'store')) break;
      const [inner, written, value] = current.arguments as [Term, Term, Term];
      const same = sameNumeral(written, index);
      if (same === true) return value;
      if (same === undefined) break;
      current = inner;
    }
    const element = array.sort.kind === 'array' ? array.sort.element : undefined;
    if (element === undefined) throw new Error('internal: select on a non-array');
    return this.intern(apply('select', [current, index], element));
  }

  /** the one object of every term equal to this one (its arguments interned already) */
  private intern(term: Term): Term {
    const key = this.key(term);
    const known = this.canonical.get(key);
    if (known !== undefined) return known;
    this.canonical.set(key, term);
    this.identities.set(term, this.identities.size);
    return term;
  }

  private key(term: Term): string {
    switch (term.kind) {
      case 'boolConstant':
      case 'intConstant':
      case 'bitvectorConstant':
        return `${term.kind}:${term.value}:${sortKey(term.sort)}`;
      case 'symbol':
        return `symbol:${term.name}:${sortKey(term.sort)}`;
      case 'constantArray':
        return `const:${sortKey(term.sort)}:${this.identity(term.value)}`;
      case 'apply':
        return `apply:${term.operator}:${term.indices.join(',')}:${sortKey(term.sort)}:${term.arguments.map((argument) => this.identity(argument)).join(',')}`;
      case 'applyFunction':
      case 'quantifier':
      case 'let':
        // kept as they are: equal only to themselves
        return `object:${this.identities.size}`;
      default: {
        const never: never = term;
        throw new Error(`internal: unknown term ${JSON.stringify(never)}`);
      }
    }
  }

  private identity(term: Term): number {
    const known = this.identities.get(term);
    if (known !== undefined) return known;
    // a leaf built outside simplify (a constant of a rewrite): intern it now
    const interned = this.intern(term);
    return this.identities.get(interned)!;
  }
}

/**
 * `array` as stores at distinct numerals over `base` itself (`(store (store a 0 u) 1 v)` over `a`):
 * the top-most value of each index; undefined for any other term. `(= a (store … a …))` holds
 * exactly when a holds those values at those indices.
 */
function storedCells(
  base: Term,
  array: Term,
): { readonly base: Term; readonly cells: readonly { index: Term; value: Term }[] } | undefined {
  const cells: { index: Term; value: Term }[] = [];
  const written = new Set<string>();
  let current = array;
  while (isApply(current, 'store')) {
    const [inner, index, value] = current.arguments as [Term, Term, Term];
    if (index.kind !== 'intConstant' && index.kind !== 'bitvectorConstant') return undefined;
    if (!written.has(`${index.value}`)) cells.push({ index, value });
    written.add(`${index.value}`);
    current = inner;
  }
  return current === base && cells.length > 0 ? { base, cells } : undefined;
}

function isApply(term: Term, operator: string): term is Term & { kind: 'apply' } {
  return term.kind === 'apply' && term.operator === operator;
}

/** whether two numerals are equal; undefined when either is no numeral */
function sameNumeral(left: Term, right: Term): boolean | undefined {
  if (
    (left.kind === 'intConstant' || left.kind === 'bitvectorConstant') &&
    left.kind === right.kind &&
    sortsEqual(left.sort, right.sort)
  )
    return left.value === right.value;
  return undefined;
}

function unique(terms: readonly Term[]): Term[] {
  return [...new Set(terms)];
}

function sortKey(sort: Sort): string {
  switch (sort.kind) {
    case 'bool':
    case 'int':
      return sort.kind;
    case 'bitvector':
      return `bv${sort.width}`;
    case 'array':
      return `(${sortKey(sort.index)} ${sortKey(sort.element)})`;
    default:
      return JSON.stringify(sort);
  }
}
