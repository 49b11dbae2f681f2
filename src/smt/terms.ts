// Typed SMT-LIB terms, scripts and CHC systems. Encoders build these values (never strings); one
// printer (`printer.ts`) turns them into SMT-LIB 2.6 / CHC-COMP text and the solver back ends
// translate them into their own form. Constructors check sorts and throw on internal misuse; they
// apply only simplifications that are exact (flattening, constant folding of true/false, and of
// integer sums, differences, products and comparisons whose operands are all numerals, and of
// bit-vector operations on numerals, bitvector-folding.ts: so a loop counter that starts at a
// constant stays a numeral through a bounded unrolling, in `int` and in `bv`, and a loop with a
// constant bound ends there by construction).
// The traversals below (containsSubterm, forEachSubterm, substituteTerm, freeSymbols) tick the
// run's budget (budget-check.ts): on the large terms of a deep unrolling they take seconds.

import { budgetTick } from '../budget-check.js';
import {
  foldedBinary,
  foldedComparison,
  signedValue,
  type BitvectorBinaryOperator,
  type BitvectorComparisonOperator,
} from './bitvector-folding.js';
export type { BitvectorBinaryOperator, BitvectorComparisonOperator } from './bitvector-folding.js';

/** the phase named when the budget runs out in a traversal of terms */
const traversalPhase = 'term rewriting';

export type Sort =
  | { readonly kind: 'bool' }
  | { readonly kind: 'int' }
  | { readonly kind: 'bitvector'; readonly width: number }
  | { readonly kind: 'array'; readonly index: Sort; readonly element: Sort };

export const boolSort: Sort = Object.freeze({ kind: 'bool' });
export const intSort: Sort = Object.freeze({ kind: 'int' });
export function bitvectorSort(width: number): Sort {
  return Object.freeze({ kind: 'bitvector', width });
}
export function arraySort(index: Sort, element: Sort): Sort {
  return Object.freeze({ kind: 'array', index, element });
}

export function sortsEqual(left: Sort, right: Sort): boolean {
  if (left.kind !== right.kind) return false;
  switch (left.kind) {
    case 'bool':
    case 'int':
      return true;
    case 'bitvector':
      return left.width === (right as { width: number }).width;
    case 'array': {
      const other = right as { index: Sort; element: Sort };
      return sortsEqual(left.index, other.index) && sortsEqual(left.element, other.element);
    }
    default: {
      const never: never = left;
      throw new Error(`unknown sort ${JSON.stringify(never)}`);
    }
  }
}

/** Built-in operators, spelled as in SMT-LIB. Indexed ones carry `indices`. */
export type Operator =
  | 'not'
  | 'and'
  | 'or'
  | '=>'
  | 'xor'
  | '='
  | 'distinct'
  | 'ite'
  | '+'
  | '-'
  | '*'
  | 'div'
  | 'mod'
  | 'abs'
  | '<'
  | '<='
  | '>'
  | '>='
  | 'select'
  | 'store'
  | BitvectorBinaryOperator
  | BitvectorComparisonOperator
  | 'bvneg'
  | 'bvnot'
  | 'concat'
  | 'extract'
  | 'zero_extend'
  | 'sign_extend'
  | 'bv2nat'
  | 'int2bv';

export interface FunctionDeclaration {
  readonly name: string;
  readonly parameterSorts: readonly Sort[];
  readonly resultSort: Sort;
}

export interface SymbolTerm {
  readonly kind: 'symbol';
  readonly name: string;
  readonly sort: Sort;
}

export type Term =
  | { readonly kind: 'boolConstant'; readonly value: boolean; readonly sort: Sort }
  | { readonly kind: 'intConstant'; readonly value: bigint; readonly sort: Sort }
  /** value is the unsigned reading, 0 <= value < 2^width */
  | { readonly kind: 'bitvectorConstant'; readonly value: bigint; readonly sort: Sort }
  | SymbolTerm
  | {
      readonly kind: 'apply';
      readonly operator: Operator;
      readonly indices: readonly number[];
      readonly arguments: readonly Term[];
      readonly sort: Sort;
    }
  | {
      readonly kind: 'applyFunction';
      readonly function: FunctionDeclaration;
      readonly arguments: readonly Term[];
      readonly sort: Sort;
    }
  | { readonly kind: 'constantArray'; readonly value: Term; readonly sort: Sort }
  /** `lambda` (z3's array lambda, SMT-LIB 2.7): an array whose cell at the variables is the body */
  | {
      readonly kind: 'quantifier';
      readonly quantifier: 'forall' | 'exists' | 'lambda';
      readonly variables: readonly SymbolTerm[];
      readonly body: Term;
      readonly sort: Sort;
      /** instantiation patterns (`:pattern`), each a list of terms over the variables; alternatives */
      readonly patterns?: readonly (readonly Term[])[];
    }
  | {
      readonly kind: 'let';
      readonly bindings: readonly { readonly name: string; readonly value: Term }[];
      readonly body: Term;
      readonly sort: Sort;
    };

// ---------------------------------------------------------------- constructors

export const trueTerm: Term = Object.freeze({ kind: 'boolConstant', value: true, sort: boolSort });
export const falseTerm: Term = Object.freeze({ kind: 'boolConstant', value: false, sort: boolSort });

export function boolConstant(value: boolean): Term {
  return value ? trueTerm : falseTerm;
}
export function intConstant(value: bigint | number): Term {
  return Object.freeze({ kind: 'intConstant', value: BigInt(value), sort: intSort });
}
export function bitvectorConstant(value: bigint | number, width: number): Term {
  const modulus = 1n << BigInt(width);
  const normalised = ((BigInt(value) % modulus) + modulus) % modulus;
  return Object.freeze({ kind: 'bitvectorConstant', value: normalised, sort: bitvectorSort(width) });
}
export function symbol(name: string, sort: Sort): SymbolTerm {
  return Object.freeze({ kind: 'symbol', name, sort });
}
export function declareFunction(name: string, parameterSorts: readonly Sort[], resultSort: Sort): FunctionDeclaration {
  return Object.freeze({ name, parameterSorts: Object.freeze([...parameterSorts]), resultSort });
}
export function applyFunction(declaration: FunctionDeclaration, argumentsList: readonly Term[]): Term {
  if (argumentsList.length !== declaration.parameterSorts.length) {
    throw new Error(
      `internal: ${declaration.name} takes ${declaration.parameterSorts.length} arguments, got ${argumentsList.length}`,
    );
  }
  argumentsList.forEach((argument, index) =>
    expectSort(argument, declaration.parameterSorts[index]!, declaration.name),
  );
  return Object.freeze({
    kind: 'applyFunction',
    function: declaration,
    arguments: Object.freeze([...argumentsList]),
    sort: declaration.resultSort,
  });
}

function expectSort(term: Term, sort: Sort, where: string): void {
  if (!sortsEqual(term.sort, sort)) {
    throw new Error(
      `internal: sort mismatch in ${where}: expected ${JSON.stringify(sort)}, got ${JSON.stringify(term.sort)}`,
    );
  }
}

export function apply(
  operator: Operator,
  argumentsList: readonly Term[],
  sort: Sort,
  indices: readonly number[] = [],
): Term {
  return Object.freeze({
    kind: 'apply',
    operator,
    indices: Object.freeze([...indices]),
    arguments: Object.freeze([...argumentsList]),
    sort,
  });
}

function isTrue(term: Term): boolean {
  return term.kind === 'boolConstant' && term.value;
}
function isFalse(term: Term): boolean {
  return term.kind === 'boolConstant' && !term.value;
}

export function not(term: Term): Term {
  expectSort(term, boolSort, 'not');
  if (term.kind === 'boolConstant') return boolConstant(!term.value);
  if (term.kind === 'apply' && term.operator === 'not') return term.arguments[0]!;
  return apply('not', [term], boolSort);
}
export function and(...terms: Term[]): Term {
  const flat: Term[] = [];
  for (const term of terms) {
    expectSort(term, boolSort, 'and');
    if (isTrue(term)) continue;
    if (isFalse(term)) return falseTerm;
    if (term.kind === 'apply' && term.operator === 'and') flat.push(...term.arguments);
    else flat.push(term);
  }
  if (flat.length === 0) return trueTerm;
  if (flat.length === 1) return flat[0]!;
  return apply('and', flat, boolSort);
}
export function or(...terms: Term[]): Term {
  const flat: Term[] = [];
  for (const term of terms) {
    expectSort(term, boolSort, 'or');
    if (isFalse(term)) continue;
    if (isTrue(term)) return trueTerm;
    if (term.kind === 'apply' && term.operator === 'or') flat.push(...term.arguments);
    else flat.push(term);
  }
  if (flat.length === 0) return falseTerm;
  if (flat.length === 1) return flat[0]!;
  return apply('or', flat, boolSort);
}
export function implies(premise: Term, conclusion: Term): Term {
  if (isTrue(premise)) return conclusion;
  if (isFalse(premise) || isTrue(conclusion)) return trueTerm;
  return apply('=>', [premise, conclusion], boolSort);
}
export function equal(left: Term, right: Term): Term {
  expectSort(right, left.sort, '=');
  if (left.kind === 'intConstant' && right.kind === 'intConstant') return boolConstant(left.value === right.value);
  if (left.kind === 'bitvectorConstant' && right.kind === 'bitvectorConstant')
    return boolConstant(left.value === right.value);
  return apply('=', [left, right], boolSort);
}
export function distinct(left: Term, right: Term): Term {
  expectSort(right, left.sort, 'distinct');
  return apply('distinct', [left, right], boolSort);
}
export function ite(condition: Term, thenTerm: Term, elseTerm: Term): Term {
  expectSort(condition, boolSort, 'ite');
  expectSort(elseTerm, thenTerm.sort, 'ite');
  if (isTrue(condition)) return thenTerm;
  if (isFalse(condition)) return elseTerm;
  if (thenTerm === elseTerm) return thenTerm;
  return apply('ite', [condition, thenTerm, elseTerm], thenTerm.sort);
}

// integer arithmetic
function integerOperator(operator: Operator, terms: readonly Term[]): Term {
  for (const term of terms) expectSort(term, intSort, operator);
  return apply(operator, terms, intSort);
}
/** the values of the terms when every one is an integer numeral, else undefined */
function numerals(terms: readonly Term[]): bigint[] | undefined {
  const values: bigint[] = [];
  for (const term of terms) {
    if (term.kind !== 'intConstant') return undefined;
    values.push(term.value);
  }
  return values;
}
export function add(...terms: Term[]): Term {
  if (terms.length === 1) return terms[0]!;
  const values = numerals(terms);
  if (values !== undefined && values.length > 0) return intConstant(values.reduce((sum, value) => sum + value, 0n));
  return integerOperator('+', terms);
}
export function subtract(left: Term, right: Term): Term {
  const values = numerals([left, right]);
  if (values !== undefined) return intConstant(values[0]! - values[1]!);
  return integerOperator('-', [left, right]);
}
export function negate(term: Term): Term {
  if (term.kind === 'intConstant') return intConstant(-term.value);
  return integerOperator('-', [term]);
}
export function multiply(...terms: Term[]): Term {
  const values = numerals(terms);
  if (values !== undefined && values.length > 1)
    return intConstant(values.reduce((product, value) => product * value, 1n));
  return integerOperator('*', terms);
}
/** SMT-LIB `div` (Euclidean), not C division */
export function euclideanDivide(left: Term, right: Term): Term {
  return integerOperator('div', [left, right]);
}
/** SMT-LIB `mod` (Euclidean, result >= 0), not C remainder */
export function euclideanModulo(left: Term, right: Term): Term {
  return integerOperator('mod', [left, right]);
}
function integerComparison(operator: '<' | '<=' | '>' | '>=', left: Term, right: Term): Term {
  expectSort(left, intSort, operator);
  expectSort(right, intSort, operator);
  if (left.kind === 'intConstant' && right.kind === 'intConstant') {
    const [a, b] = [left.value, right.value];
    return boolConstant(operator === '<' ? a < b : operator === '<=' ? a <= b : operator === '>' ? a > b : a >= b);
  }
  return apply(operator, [left, right], boolSort);
}
export const less = (left: Term, right: Term): Term => integerComparison('<', left, right);
export const lessEqual = (left: Term, right: Term): Term => integerComparison('<=', left, right);
export const greater = (left: Term, right: Term): Term => integerComparison('>', left, right);
export const greaterEqual = (left: Term, right: Term): Term => integerComparison('>=', left, right);

// arrays
export function select(array: Term, index: Term): Term {
  if (array.sort.kind !== 'array') throw new Error('internal: select on a non-array');
  expectSort(index, array.sort.index, 'select');
  return apply('select', [array, index], array.sort.element);
}
export function store(array: Term, index: Term, value: Term): Term {
  if (array.sort.kind !== 'array') throw new Error('internal: store on a non-array');
  expectSort(index, array.sort.index, 'store');
  expectSort(value, array.sort.element, 'store');
  return apply('store', [array, index, value], array.sort);
}
export function constantArray(sort: Sort, value: Term): Term {
  if (sort.kind !== 'array') throw new Error('internal: constant array of a non-array sort');
  expectSort(value, sort.element, 'const');
  return Object.freeze({ kind: 'constantArray', value, sort });
}

// bit-vectors
function bitvectorWidth(term: Term, where: string): number {
  if (term.sort.kind !== 'bitvector') throw new Error(`internal: ${where} on a non-bit-vector`);
  return term.sort.width;
}
// (operations whose operands are all numerals fold to a numeral: bitvector-folding.ts)
export function bitvectorBinary(operator: BitvectorBinaryOperator, left: Term, right: Term): Term {
  const width = bitvectorWidth(left, operator);
  expectSort(right, left.sort, operator);
  if (left.kind === 'bitvectorConstant' && right.kind === 'bitvectorConstant') {
    const value = foldedBinary(operator, left.value, right.value, width);
    if (value !== undefined) return bitvectorConstant(value, width);
  }
  return apply(operator, [left, right], bitvectorSort(width));
}
export function bitvectorUnary(operator: 'bvneg' | 'bvnot', term: Term): Term {
  const width = bitvectorWidth(term, operator);
  if (term.kind === 'bitvectorConstant')
    return bitvectorConstant(operator === 'bvneg' ? -term.value : (1n << BigInt(width)) - 1n - term.value, width);
  return apply(operator, [term], bitvectorSort(width));
}
export function bitvectorComparison(operator: BitvectorComparisonOperator, left: Term, right: Term): Term {
  const width = bitvectorWidth(left, operator);
  expectSort(right, left.sort, operator);
  if (left.kind === 'bitvectorConstant' && right.kind === 'bitvectorConstant')
    return boolConstant(foldedComparison(operator, left.value, right.value, width));
  return apply(operator, [left, right], boolSort);
}
export function extract(high: number, low: number, term: Term): Term {
  bitvectorWidth(term, 'extract');
  if (term.kind === 'bitvectorConstant') return bitvectorConstant(term.value >> BigInt(low), high - low + 1);
  return apply('extract', [term], bitvectorSort(high - low + 1), [high, low]);
}
export function zeroExtend(extra: number, term: Term): Term {
  if (extra === 0) return term;
  const width = bitvectorWidth(term, 'zero_extend');
  if (term.kind === 'bitvectorConstant') return bitvectorConstant(term.value, width + extra);
  return apply('zero_extend', [term], bitvectorSort(width + extra), [extra]);
}
export function signExtend(extra: number, term: Term): Term {
  if (extra === 0) return term;
  const width = bitvectorWidth(term, 'sign_extend');
  if (term.kind === 'bitvectorConstant') return bitvectorConstant(signedValue(term.value, width), width + extra);
  return apply('sign_extend', [term], bitvectorSort(width + extra), [extra]);
}

// quantifiers and let
/** ∀ variables. body; `patterns`: the solver instantiates it only at ground terms matching one of them */
export function forall(
  variables: readonly SymbolTerm[],
  body: Term,
  patterns: readonly (readonly Term[])[] = [],
): Term {
  expectSort(body, boolSort, 'forall');
  if (variables.length === 0) return body;
  if (patterns.length === 0)
    return Object.freeze({
      kind: 'quantifier',
      quantifier: 'forall',
      variables: Object.freeze([...variables]),
      body,
      sort: boolSort,
    });
  return Object.freeze({
    kind: 'quantifier',
    quantifier: 'forall',
    variables: Object.freeze([...variables]),
    body,
    sort: boolSort,
    patterns: Object.freeze(patterns.map((group) => Object.freeze([...group]))),
  });
}
export function exists(variables: readonly SymbolTerm[], body: Term): Term {
  expectSort(body, boolSort, 'exists');
  if (variables.length === 0) return body;
  return Object.freeze({
    kind: 'quantifier',
    quantifier: 'exists',
    variables: Object.freeze([...variables]),
    body,
    sort: boolSort,
  });
}
/** the array (lambda ((v S)) body) of sort (Array S sort(body)); one variable only */
export function lambda(variable: SymbolTerm, body: Term): Term {
  return Object.freeze({
    kind: 'quantifier',
    quantifier: 'lambda',
    variables: Object.freeze([variable]),
    body,
    sort: arraySort(variable.sort, body.sort),
  });
}
export function letTerm(bindings: readonly { name: string; value: Term }[], body: Term): Term {
  if (bindings.length === 0) return body;
  return Object.freeze({
    kind: 'let',
    bindings: Object.freeze(bindings.map((binding) => Object.freeze({ ...binding }))),
    body,
    sort: body.sort,
  });
}

// ---------------------------------------------------------------- queries on terms

/**
 * Whether a constant array occurs in the term (outside quantifiers and lets), e.g. to choose a
 * logic: some solvers reject `(as const ...)` under QF_AUFLIA.
 */
export function containsConstantArray(term: Term): boolean {
  return containsSubterm(term, (current) => current.kind === 'constantArray', { intoBinders: false });
}

/** Whether some subterm satisfies `predicate`; `intoBinders`: also inside quantifier, lambda and let bodies. */
export function containsSubterm(
  term: Term,
  predicate: (term: Term) => boolean,
  options: { readonly intoBinders: boolean },
): boolean {
  const stack: Term[] = [term];
  const seen = new Set<Term>();
  while (stack.length > 0) {
    const current = stack.pop()!;
    budgetTick(traversalPhase);
    if (seen.has(current)) continue;
    seen.add(current);
    if (predicate(current)) return true;
    if (current.kind === 'apply' || current.kind === 'applyFunction') stack.push(...current.arguments);
    if (!options.intoBinders) continue;
    if (current.kind === 'constantArray') stack.push(current.value);
    if (current.kind === 'quantifier') stack.push(current.body);
    if (current.kind === 'let') stack.push(current.body, ...current.bindings.map((binding) => binding.value));
  }
  return false;
}

/** Calls `visit` once on every distinct subterm of the roots, inside binders and constant arrays too. */
export function forEachSubterm(roots: readonly Term[], visit: (term: Term) => void): void {
  const stack: Term[] = [...roots];
  const seen = new Set<Term>();
  while (stack.length > 0) {
    const current = stack.pop()!;
    budgetTick(traversalPhase);
    if (seen.has(current)) continue;
    seen.add(current);
    visit(current);
    switch (current.kind) {
      case 'apply':
      case 'applyFunction':
        stack.push(...current.arguments);
        break;
      case 'constantArray':
        stack.push(current.value);
        break;
      case 'quantifier':
        stack.push(current.body);
        break;
      case 'let':
        stack.push(current.body, ...current.bindings.map((binding) => binding.value));
        break;
      default:
        break;
    }
  }
}

// ---------------------------------------------------------------- scripts and CHC systems

/** One SMT-LIB script: declarations, assertions, one check-sat. */
export interface SmtScript {
  readonly kind: 'smtScript';
  /** printed as `; ...` lines at the top */
  readonly headerComments: readonly string[];
  /** e.g. 'QF_AUFLIA', 'ALL'; undefined prints no set-logic */
  readonly logic: string | undefined;
  readonly constants: readonly SymbolTerm[];
  readonly functions: readonly FunctionDeclaration[];
  readonly assertions: readonly { readonly term: Term; readonly comment?: string }[];
}

export interface HornClause {
  /** universally quantified variables of the clause */
  readonly variables: readonly SymbolTerm[];
  /** constraint and predicate applications, conjoined */
  readonly body: readonly Term[];
  /** a predicate application, or `false` for a query */
  readonly head: Term;
  readonly comment?: string;
}

/** a query: a clause whose head is `false` */
export function isQueryClause(clause: HornClause): boolean {
  return clause.head.kind === 'boolConstant' && !clause.head.value;
}

/** A CHC system printed in the CHC-COMP format (set-logic HORN, queries last, one check-sat). */
export interface ChcSystem {
  readonly kind: 'chcSystem';
  readonly headerComments: readonly string[];
  readonly predicates: readonly FunctionDeclaration[];
  readonly clauses: readonly HornClause[];
}

export function createSmtScript(parts: Omit<SmtScript, 'kind'>): SmtScript {
  return Object.freeze({ kind: 'smtScript', ...parts });
}
export function createChcSystem(parts: Omit<ChcSystem, 'kind'>): ChcSystem {
  return Object.freeze({ kind: 'chcSystem', ...parts });
}

/**
 * Simultaneous substitution of free symbols by name. Bound variables of quantifiers, lambdas and
 * lets shadow the replacements inside their bodies. The result shares every unchanged subterm.
 */
export function substituteTerm(term: Term, replacements: ReadonlyMap<string, Term>): Term {
  if (replacements.size === 0) return term;
  const memo = new Map<Term, Term>();
  const visit = (current: Term): Term => {
    const known = memo.get(current);
    if (known !== undefined) return known;
    budgetTick(traversalPhase);
    let result: Term;
    switch (current.kind) {
      case 'boolConstant':
      case 'intConstant':
      case 'bitvectorConstant':
        result = current;
        break;
      case 'symbol':
        result = replacements.get(current.name) ?? current;
        break;
      case 'apply': {
        const argumentsList = current.arguments.map(visit);
        result = argumentsList.every((argument, index) => argument === current.arguments[index])
          ? current
          : apply(current.operator, argumentsList, current.sort, current.indices);
        break;
      }
      case 'applyFunction': {
        const argumentsList = current.arguments.map(visit);
        result = argumentsList.every((argument, index) => argument === current.arguments[index])
          ? current
          : Object.freeze({ ...current, arguments: Object.freeze(argumentsList) });
        break;
      }
      case 'constantArray': {
        const value = visit(current.value);
        result = value === current.value ? current : Object.freeze({ ...current, value });
        break;
      }
      case 'quantifier': {
        const inner = new Map(replacements);
        for (const variable of current.variables) inner.delete(variable.name);
        const body = substituteTerm(current.body, inner);
        const patterns = current.patterns?.map((group) => group.map((pattern) => substituteTerm(pattern, inner)));
        const samePatterns =
          patterns === undefined ||
          patterns.every((group, index) =>
            group.every((pattern, position) => pattern === current.patterns![index]![position]),
          );
        result =
          body === current.body && samePatterns
            ? current
            : Object.freeze({ ...current, body, ...(patterns === undefined ? {} : { patterns }) });
        break;
      }
      case 'let': {
        const bindings = current.bindings.map((binding) => ({ name: binding.name, value: visit(binding.value) }));
        const inner = new Map(replacements);
        for (const binding of current.bindings) inner.delete(binding.name);
        const body = substituteTerm(current.body, inner);
        result =
          body === current.body && bindings.every((binding, index) => binding.value === current.bindings[index]!.value)
            ? current
            : letTerm(bindings, body);
        break;
      }
      default: {
        const never: never = current;
        throw new Error(`internal: unknown term ${JSON.stringify(never)}`);
      }
    }
    memo.set(current, result);
    return result;
  };
  return visit(term);
}

/** the free symbols of a term (not bound by a quantifier, lambda or let inside it), once each */
export function freeSymbols(term: Term): SymbolTerm[] {
  const found = new Map<string, SymbolTerm>();
  const visit = (current: Term, bound: ReadonlySet<string>, seen: Set<Term>): void => {
    if (seen.has(current)) return;
    seen.add(current);
    budgetTick(traversalPhase);
    switch (current.kind) {
      case 'symbol':
        if (!bound.has(current.name) && !found.has(current.name)) found.set(current.name, current);
        return;
      case 'apply':
      case 'applyFunction':
        for (const argument of current.arguments) visit(argument, bound, seen);
        return;
      case 'constantArray':
        visit(current.value, bound, seen);
        return;
      case 'quantifier':
        visit(current.body, new Set([...bound, ...current.variables.map((variable) => variable.name)]), new Set());
        return;
      case 'let':
        for (const binding of current.bindings) visit(binding.value, bound, seen);
        visit(current.body, new Set([...bound, ...current.bindings.map((binding) => binding.name)]), new Set());
        return;
      default:
        return;
    }
  };
  visit(term, new Set(), new Set());
  return [...found.values()];
}

/** names of the free symbols of a term */
export function freeSymbolNames(term: Term): Set<string> {
  return new Set(freeSymbols(term).map((entry) => entry.name));
}
