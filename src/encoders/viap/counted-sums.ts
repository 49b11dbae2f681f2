// Sums of conditional steps (viap encoding, forms.ts): closed forms that are not polynomials. A slot
// whose update, once the conditions the solver decides are replaced and the other slots' closed
// forms put in, reads
//   x' = x + d + Σ_k ite(c_k(n), a_k, b_k)
// with d loop-invariant, a_k and b_k loop-invariant or polynomials in the counter n (a pass that adds
// 2·i to the cells j <= i: sumWhere sums them with Faulhaber's formula), and every c_k(n) a condition on the counter n of one of the shapes
// - a threshold: an affine comparison of ±n with a loop-invariant term (n < K, i >= N / 2, i == 0);
// - periodic: (±n + F) mod m = r with m a positive constant (C's i % 3 == 0 once i >= 0 is decided);
// - the negation of one of these;
// has the closed form
//   x(n) = x(0) + n·(d + Σ_k b_k) + Σ_k (a_k − b_k)·count_k(n),
// where count_k(n) = #{t ∈ [0, n) : c_k(t)} is
// - n < K: min(n, max(0, K)) = ite(K <= 0, 0, ite(n <= K, n, K)); n == K: ite(0 <= K < n, 1, 0);
// - t ≡ ρ (mod m) with ρ = (r − F) mod m ∈ [0, m) (or (F − r) mod m for −n): (n + m − 1 − ρ) div m,
//   and 0 when r is not in [0, m) (a Euclidean remainder never equals it).
// Soundness: each formula counts exactly over the integers for n >= 0 (a unit test compares them
// with counting by brute force), so the form satisfies x(0) = x0 and x(n + 1) = x(n) + step(n)
// wherever the update does, which is all that the recurrence it replaces says.

import type { Polynomial } from '../../analysis/polynomial.js';
import { degreeIn, greatestCommonDivisor, isConstantPolynomial, sumOverRange } from '../../analysis/polynomial.js';
import { printTerm } from '../../smt/printer.js';
import {
  add,
  and,
  equal,
  euclideanDivide,
  euclideanModulo,
  intConstant,
  boolConstant,
  freeSymbolNames,
  ite,
  less,
  lessEqual,
  multiply,
  negate,
  not,
  substituteTerm,
  subtract,
  type SymbolTerm,
  type Term,
} from '../../smt/terms.js';
import { simplifyTerm, symbolEqualsConstant, withOperands } from './simplify.js';
import {
  AtomTable,
  belowZeroForm,
  dependsOn,
  polynomialTerm,
  splitAffine,
  termPolynomial,
} from './polynomial-terms.js';

interface Summand {
  readonly term: Term;
  readonly negative: boolean;
}

/** the summands of nested +, binary − and unary − */
function summandsOf(term: Term, negative: boolean, into: Summand[]): Summand[] {
  if (term.kind === 'apply' && term.operator === '+') {
    for (const operand of term.arguments) summandsOf(operand, negative, into);
  } else if (term.kind === 'apply' && term.operator === '-' && term.arguments.length === 2) {
    summandsOf(term.arguments[0]!, negative, into);
    summandsOf(term.arguments[1]!, !negative, into);
  } else if (term.kind === 'apply' && term.operator === '-' && term.arguments.length === 1) {
    summandsOf(term.arguments[0]!, !negative, into);
  } else {
    into.push({ term, negative });
  }
  return into;
}

/** a polynomial in the counter (over `atoms`) as ±n + F with F free of n and of `varying`, or undefined */
function affineInCounter(
  polynomial: Polynomial | undefined,
  atoms: AtomTable,
  counter: SymbolTerm,
  varying: ReadonlySet<string>,
): { readonly sign: 1n | -1n; readonly rest: Term } | undefined {
  if (polynomial === undefined || degreeIn(polynomial, counter.name) !== 1) return undefined;
  const { slope, rest } = splitAffine(polynomial, counter.name);
  if (slope !== 1n && slope !== -1n) return undefined;
  const restTerm = polynomialTerm(rest, (name) => atoms.termOf(name)!);
  if (dependsOn(restTerm, varying)) return undefined;
  return { sign: slope, rest: restTerm };
}

/** a term in the counter as ±n + F (see affineInCounter) */
function affineTermInCounter(
  term: Term,
  counter: SymbolTerm,
  varying: ReadonlySet<string>,
): { readonly sign: 1n | -1n; readonly rest: Term } | undefined {
  const atoms = new AtomTable();
  return affineInCounter(termPolynomial(term, new Set([counter.name]), atoms), atoms, counter, varying);
}

/** the comparison `left op right` (op one of <, <=, >, >=) as ±n + F < 0 (belowZeroForm, shared with the loops' exit counts), F free of `varying` */
function thresholdOf(
  operator: string,
  left: Term,
  right: Term,
  counter: SymbolTerm,
  varying: ReadonlySet<string>,
): { readonly sign: 1n | -1n; readonly rest: Term } | undefined {
  const atoms = new AtomTable();
  const polynomials = [left, right].map((side) => termPolynomial(side, new Set([counter.name]), atoms));
  const below =
    polynomials[0] === undefined || polynomials[1] === undefined
      ? undefined
      : belowZeroForm(operator, polynomials[0], polynomials[1]);
  return affineInCounter(below, atoms, counter, varying);
}

/**
 * a conjunction as its conjuncts free of the counter (each free of `varying`) and the one conjunct
 * on it (a cell's range 0 <= r < N beside a pass's threshold i <= r), or undefined for another shape
 */
function splitConjunction(
  condition: Extract<Term, { kind: 'apply' }>,
  counter: SymbolTerm,
  varying: ReadonlySet<string>,
): { readonly invariant: readonly Term[]; readonly counted: Term } | undefined {
  const invariant: Term[] = [];
  let counted: Term | undefined;
  for (const conjunct of condition.arguments) {
    const free = counterFreeForm(conjunct, counter);
    if (free !== undefined) {
      if (dependsOn(free, varying)) return undefined;
      invariant.push(free);
      continue;
    }
    if (counted !== undefined) return undefined;
    counted = conjunct;
  }
  return counted === undefined ? undefined : { invariant, counted };
}

/** #{t ∈ [0, n) : t < bound} */
function countBelow(bound: Term, counter: SymbolTerm): Term {
  return ite(lessEqual(bound, intConstant(0n)), intConstant(0n), ite(lessEqual(counter, bound), counter, bound));
}

/** #{t ∈ [0, n) : condition(t)}, or undefined for a condition of another shape */
export function countWhere(condition: Term, counter: SymbolTerm, varying: ReadonlySet<string>): Term | undefined {
  if (!dependsOn(condition, new Set([counter.name]))) return undefined;
  if (condition.kind !== 'apply') return undefined;
  const [left, right] = condition.arguments as readonly [Term, Term];
  switch (condition.operator) {
    case 'not': {
      const inner = countWhere(condition.arguments[0]!, counter, varying);
      return inner === undefined ? undefined : subtract(counter, inner);
    }
    case 'and': {
      // the count where the conjuncts free of the counter hold, else 0
      const split = splitConjunction(condition, counter, varying);
      const counted = split === undefined ? undefined : countWhere(split.counted, counter, varying);
      if (counted !== undefined) return ite(and(...split!.invariant), counted, intConstant(0n));
      return countWithinThreshold(condition.arguments, counter, varying);
    }
    case 'ite': {
      // a boolean ite with a constant branch: ite(c, x, false) is c and x, ite(c, true, x) is not (not c and not x)
      const [test, thenValue, elseValue] = condition.arguments as readonly [Term, Term, Term];
      if (elseValue.kind === 'boolConstant')
        return countWhere(elseValue.value ? not(and(test, not(thenValue))) : and(test, thenValue), counter, varying);
      if (thenValue.kind === 'boolConstant')
        return countWhere(
          thenValue.value ? not(and(not(test), not(elseValue))) : and(not(test), elseValue),
          counter,
          varying,
        );
      return undefined;
    }
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const difference = thresholdOf(condition.operator, left, right, counter, varying);
      if (difference === undefined) return undefined;
      // n + F < 0 ⇔ n < −F;  −n + F < 0 ⇔ n > F ⇔ not (n < F + 1)
      return difference.sign === 1n
        ? countBelow(negate(difference.rest), counter)
        : subtract(counter, countBelow(add(difference.rest, intConstant(1n)), counter));
    }
    case '=': {
      const periodic = countPeriodic(left, right, counter, varying) ?? countPeriodic(right, left, counter, varying);
      if (periodic !== undefined) return periodic;
      const difference = affineTermInCounter(subtract(left, right), counter, varying);
      if (difference === undefined) return undefined;
      // ±n + F = 0 at the single point n = ∓F
      const point = difference.sign === 1n ? negate(difference.rest) : difference.rest;
      return ite(and(lessEqual(intConstant(0n), point), less(point, counter)), intConstant(1n), intConstant(0n));
    }
    default:
      return undefined;
  }
}

/**
 * #{t ∈ [0, n) : T(t) ∧ R(t)} for a threshold conjunct T on the counter and the rest R counted by
 * countWhere as C(n): C(min(n, max(0, K))) for t < K, C(n) − C(min(n, max(0, L))) for t >= L (the
 * cells above N / 2 whose index is a multiple of 3)
 */
function countWithinThreshold(
  conjuncts: readonly Term[],
  counter: SymbolTerm,
  varying: ReadonlySet<string>,
): Term | undefined {
  const negated: Readonly<Record<string, string>> = { '<': '>=', '<=': '>', '>': '<=', '>=': '<' };
  for (const [index, conjunct] of conjuncts.entries()) {
    // not (a < b) is a >= b
    const inner = conjunct.kind === 'apply' && conjunct.operator === 'not' ? conjunct.arguments[0]! : conjunct;
    if (inner.kind !== 'apply' || negated[inner.operator] === undefined || inner.arguments.length !== 2) continue;
    const operator = inner === conjunct ? inner.operator : negated[inner.operator]!;
    const difference = thresholdOf(operator, inner.arguments[0]!, inner.arguments[1]!, counter, varying);
    if (difference === undefined) continue;
    const rest = conjuncts.filter((_, position) => position !== index);
    const counted = countWhere(rest.length === 1 ? rest[0]! : and(...rest), counter, varying);
    if (counted === undefined) continue;
    const at = (bound: Term): Term => substituteTerm(counted, new Map([[counter.name, countBelow(bound, counter)]]));
    // n + F < 0 ⇔ n < −F;  −n + F < 0 ⇔ n >= F + 1
    return difference.sign === 1n
      ? at(negate(difference.rest))
      : subtract(counted, at(add(difference.rest, intConstant(1n))));
  }
  return undefined;
}

/**
 * the condition without the counter when it does not depend on it: as it is, or a comparison whose
 * sides differ by a term free of it (r − n < N − n is r − N < 0); else undefined
 */
function counterFreeForm(condition: Term, counter: SymbolTerm): Term | undefined {
  const self = new Set([counter.name]);
  if (!dependsOn(condition, self)) return condition;
  if (condition.kind !== 'apply' || condition.arguments.length !== 2) return undefined;
  const atoms = new AtomTable();
  const polynomials = condition.arguments.map((side) => termPolynomial(side, self, atoms));
  if (polynomials[0] === undefined || polynomials[1] === undefined) return undefined;
  const below = belowZeroForm(condition.operator, polynomials[0], polynomials[1]);
  if (below === undefined || degreeIn(below, counter.name) !== 0) return undefined;
  return less(
    polynomialTerm(below, (name) => atoms.termOf(name)!),
    intConstant(0n),
  );
}

/** `(E mod m) = r` with E = ±n + F, m a positive constant and r free of n */
function countPeriodic(
  remainder: Term,
  value: Term,
  counter: SymbolTerm,
  varying: ReadonlySet<string>,
): Term | undefined {
  if (remainder.kind !== 'apply' || remainder.operator !== 'mod') return undefined;
  const modulus = remainder.arguments[1]!;
  if (modulus.kind !== 'intConstant' || modulus.value <= 0n || dependsOn(value, varying)) return undefined;
  const dividend = affineTermInCounter(remainder.arguments[0]!, counter, varying);
  if (dividend === undefined) return undefined;
  const m = modulus.value;
  // t ≡ ρ (mod m): +t + F ≡ r gives ρ = (r − F) mod m; −t + F ≡ r gives ρ = (F − r) mod m
  const residue = euclideanModulo(
    dividend.sign === 1n ? subtract(value, dividend.rest) : subtract(dividend.rest, value),
    intConstant(m),
  );
  const count = euclideanDivide(subtract(add(counter, intConstant(m - 1n)), residue), intConstant(m));
  if (value.kind === 'intConstant') return value.value >= 0n && value.value < m ? count : intConstant(0n);
  return ite(and(lessEqual(intConstant(0n), value), less(value, intConstant(m))), count, intConstant(0n));
}

/**
 * Σ_{t ∈ [0, n) : condition(t)} value(t): the count times the value for a value free of the counter
 * (countWhere); for a value polynomial in the counter (an outer pass adds 2·i to the cells j <= i),
 * the sets countWhere counts are prefixes [0, m) of the iterations or their complements in [0, n), or
 * a single point, so the sum is S(m), S(n) − S(m) or the value at the point, with S(m) = Σ_{t<m}
 * value(t) the polynomial of Faulhaber's formula (prefixSum). Exact over the integers for n >= 0.
 */
function sumWhere(condition: Term, value: Term, counter: SymbolTerm, varying: ReadonlySet<string>): Term | undefined {
  if (!dependsOn(value, new Set([counter.name]))) {
    const count = countWhere(condition, counter, varying);
    return count === undefined ? undefined : multiply(value, count);
  }
  if (!dependsOn(condition, new Set([counter.name])) || condition.kind !== 'apply') return undefined;
  const [left, right] = condition.arguments as readonly [Term, Term];
  const whole = (): Term | undefined => prefixSum(value, counter, counter);
  switch (condition.operator) {
    case 'not': {
      const inner = sumWhere(condition.arguments[0]!, value, counter, varying);
      const all = whole();
      return inner === undefined || all === undefined ? undefined : subtract(all, inner);
    }
    case 'and': {
      const split = splitConjunction(condition, counter, varying);
      const summed = split === undefined ? undefined : sumWhere(split.counted, value, counter, varying);
      return summed === undefined ? undefined : ite(and(...split!.invariant), summed, intConstant(0n));
    }
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const difference = thresholdOf(condition.operator, left, right, counter, varying);
      if (difference === undefined) return undefined;
      // n + F < 0: the prefix [0, min(n, max(0, −F))); −n + F < 0: its complement with bound F + 1
      if (difference.sign === 1n) return prefixSum(value, counter, countBelow(negate(difference.rest), counter));
      const prefix = prefixSum(value, counter, countBelow(add(difference.rest, intConstant(1n)), counter));
      const all = whole();
      return prefix === undefined || all === undefined ? undefined : subtract(all, prefix);
    }
    case '=': {
      const difference = affineTermInCounter(subtract(left, right), counter, varying);
      if (difference === undefined) return undefined;
      const point = difference.sign === 1n ? negate(difference.rest) : difference.rest;
      const at = substituteTerm(value, new Map([[counter.name, point]]));
      return ite(and(lessEqual(intConstant(0n), point), less(point, counter)), at, intConstant(0n));
    }
    default:
      return undefined;
  }
}

/**
 * Σ_{t=0}^{m−1} value(t) for a value polynomial in the counter (Faulhaber), or undefined. An `ite`
 * bound (countBelow's clamp) is distributed: S(ite(c, A, B)) = ite(c, S(A), S(B)), so each branch is
 * a polynomial in a plain term (z3 answers unknown on a nonlinear division of an ite)
 */
function prefixSum(value: Term, counter: SymbolTerm, upper: Term): Term | undefined {
  if (upper.kind === 'intConstant' && upper.value === 0n) return intConstant(0n);
  if (upper.kind === 'apply' && upper.operator === 'ite') {
    const thenSum = prefixSum(value, counter, upper.arguments[1]!);
    const elseSum = prefixSum(value, counter, upper.arguments[2]!);
    return thenSum === undefined || elseSum === undefined ? undefined : ite(upper.arguments[0]!, thenSum, elseSum);
  }
  const atoms = new AtomTable();
  const polynomial = termPolynomial(value, new Set([counter.name]), atoms);
  if (polynomial === undefined) return undefined;
  const upperName = '#upper';
  const sum = sumOverRange(polynomial, counter.name, upperName);
  return polynomialTerm(sum, (name) => (name === upperName ? upper : atoms.termOf(name)!));
}

/** the iterations t ∈ [lo, hi) (empty when hi <= lo) at which a condition holds, where `guard` holds (else none) */
export interface IterationInterval {
  readonly guard: readonly Term[];
  readonly lo: Term;
  readonly hi: Term;
}

/**
 * {t ∈ [0, n) : condition(t)} as an interval, for the threshold and point conditions countWhere
 * knows (t < K is [0, min(n, max(0, K))), t >= K its complement in [0, n), t = P is [P, P + 1) when
 * 0 <= P < n), under conjuncts free of the counter; else undefined. Exact for n >= 0.
 */
export function intervalWhere(
  condition: Term,
  counter: SymbolTerm,
  varying: ReadonlySet<string>,
): IterationInterval | undefined {
  if (!dependsOn(condition, new Set([counter.name])) || condition.kind !== 'apply') return undefined;
  const [left, right] = condition.arguments as readonly [Term, Term];
  switch (condition.operator) {
    case 'and': {
      const split = splitConjunction(condition, counter, varying);
      const found = split === undefined ? undefined : intervalWhere(split.counted, counter, varying);
      return found === undefined
        ? undefined
        : { guard: [...split!.invariant, ...found.guard], lo: found.lo, hi: found.hi };
    }
    case 'not': {
      const inner = condition.arguments[0]!;
      if (inner.kind !== 'apply' || inner.arguments.length !== 2) return undefined;
      const [a, b] = inner.arguments as readonly [Term, Term];
      // not (a < b) is b <= a, not (a <= b) is b < a, and the mirrored ones
      const negation = {
        '<': () => lessEqual(b, a),
        '<=': () => less(b, a),
        '>': () => lessEqual(a, b),
        '>=': () => less(a, b),
      }[inner.operator as string];
      return negation === undefined ? undefined : intervalWhere(negation(), counter, varying);
    }
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const difference = thresholdOf(condition.operator, left, right, counter, varying);
      if (difference === undefined) return undefined;
      // n + F < 0: t < −F, a prefix; −n + F < 0: t >= F + 1, the rest of [0, n)
      return difference.sign === 1n
        ? { guard: [], lo: intConstant(0n), hi: countBelow(negate(difference.rest), counter) }
        : { guard: [], lo: countBelow(add(difference.rest, intConstant(1n)), counter), hi: counter };
    }
    case '=': {
      const difference = affineTermInCounter(subtract(left, right), counter, varying);
      if (difference === undefined) return undefined;
      const point = difference.sign === 1n ? negate(difference.rest) : difference.rest;
      const inside = and(lessEqual(intConstant(0n), point), less(point, counter));
      return { guard: [], lo: point, hi: ite(inside, add(point, intConstant(1n)), point) };
    }
    default:
      return undefined;
  }
}

/**
 * D with update = x + D and D free of x: x plus summands without it, or an `ite` whose branches
 * both have that shape (ite(c, x + a, x + b) = x + ite(c, a, b)); else undefined
 */
function stepOf(update: Term, placeholder: SymbolTerm): Term | undefined {
  const self = new Set([placeholder.name]);
  if (update.kind === 'symbol' && update.name === placeholder.name) return intConstant(0n);
  if (update.kind === 'apply' && update.operator === 'ite') {
    const thenStep = stepOf(update.arguments[1]!, placeholder);
    const elseStep = stepOf(update.arguments[2]!, placeholder);
    if (thenStep === undefined || elseStep === undefined || dependsOn(update.arguments[0]!, self)) return undefined;
    return ite(update.arguments[0]!, thenStep, elseStep);
  }
  const summands = summandsOf(update, false, []);
  if (summands.length === 1 && summands[0]!.term === update) return undefined;
  const withSelf = summands.filter((summand) => dependsOn(summand.term, self));
  if (withSelf.length !== 1 || withSelf[0]!.negative) return undefined;
  const inner = stepOf(withSelf[0]!.term, placeholder);
  if (inner === undefined) return undefined;
  const rest = summands
    .filter((summand) => summand !== withSelf[0])
    .map((summand) => (summand.negative ? negate(summand.term) : summand.term));
  return rest.length === 0 ? inner : add(inner, ...rest);
}

/**
 * x(n) for an update `x + d + Σ ite(c_k(n), a_k, b_k)` over the placeholder x (see the header; the
 * ite may also enclose x itself, as in ite(c, x + 1, x)), or undefined. `varying` holds the
 * placeholders of the loop's slots and the counter: d, a_k and b_k must not depend on them.
 */
export function countedSum(
  update: Term,
  placeholder: SymbolTerm,
  counter: SymbolTerm,
  initial: Term,
  varying: ReadonlySet<string>,
): Term | undefined {
  return (
    directCountedSum(update, placeholder, counter, initial, varying) ??
    countedSumByCases(update, placeholder, counter, initial, varying, maximumCaseSplits)
  );
}

/** the most loop-invariant conditions countedSumByCases splits on */
const maximumCaseSplits = 2;

/**
 * countedSum by cases on a loop-invariant conjunct of a condition of the update (the row r = 0 of
 * a 2 × N array whose rows get different steps): ite(p, S[p := true], S[p := false]). Exact: p
 * reads no varying symbol, so it keeps its value over the loop, and each side is the form of the
 * update where p has that value.
 */
function countedSumByCases(
  update: Term,
  placeholder: SymbolTerm,
  counter: SymbolTerm,
  initial: Term,
  varying: ReadonlySet<string>,
  splits: number,
): Term | undefined {
  if (splits === 0) return undefined;
  const atom = invariantConjunct(update, varying);
  if (atom === undefined) return undefined;
  const text = printTerm(atom);
  const pinned = symbolEqualsConstant(atom);
  const fixed = (value: boolean): Term | undefined => {
    const replace = (term: Term): Term => {
      if (term.kind !== 'apply' && term.kind !== 'applyFunction') return term;
      if (printTerm(term) === text) return boolConstant(value);
      // where v = c holds, v = c' with another constant c' does not (the other rows)
      const other = value && pinned !== undefined ? symbolEqualsConstant(term) : undefined;
      if (other !== undefined && other.symbol.name === pinned!.symbol.name && other.value !== pinned!.value)
        return boolConstant(false);
      return withOperands(term, term.arguments.map(replace));
    };
    const branch = simplifyTerm(replace(update));
    // a branch left with an invariant step d (none, where no condition holds): x(0) + n·d
    const step = stepOf(branch, placeholder);
    if (step !== undefined && !dependsOn(step, varying)) return add(initial, multiply(counter, step));
    return (
      directCountedSum(branch, placeholder, counter, initial, varying) ??
      countedSumByCases(branch, placeholder, counter, initial, varying, splits - 1)
    );
  };
  const whenTrue = fixed(true);
  const whenFalse = whenTrue === undefined ? undefined : fixed(false);
  return whenTrue === undefined || whenFalse === undefined ? undefined : ite(atom, whenTrue, whenFalse);
}

/** a conjunct of an ite condition of the term that reads no varying symbol and is not a constant */
function invariantConjunct(term: Term, varying: ReadonlySet<string>): Term | undefined {
  if (term.kind !== 'apply') return undefined;
  if (term.operator === 'ite') {
    const condition = term.arguments[0]!;
    const conjuncts = condition.kind === 'apply' && condition.operator === 'and' ? condition.arguments : [condition];
    const found = conjuncts.find(
      (conjunct) =>
        conjunct.kind !== 'boolConstant' && !dependsOn(conjunct, varying) && freeSymbolNames(conjunct).size > 0,
    );
    if (found !== undefined && dependsOn(condition, varying)) return found;
  }
  for (const operand of term.arguments) {
    const found = invariantConjunct(operand, varying);
    if (found !== undefined) return found;
  }
  return undefined;
}

function directCountedSum(
  update: Term,
  placeholder: SymbolTerm,
  counter: SymbolTerm,
  initial: Term,
  varying: ReadonlySet<string>,
): Term | undefined {
  const found = stepOf(update, placeholder);
  if (found === undefined) return undefined;
  const step = byResidues(found, counter, varying);
  const self = new Set([counter.name]);
  const others = new Set([...varying].filter((name) => name !== counter.name));
  let perIteration: Term[] = [];
  const counted: Term[] = [];
  let conditional = false;
  for (const summand of summandsOf(step, false, [])) {
    const sign = (term: Term): Term => (summand.negative ? negate(term) : term);
    const { term } = summand;
    if (!dependsOn(term, varying)) {
      perIteration.push(sign(term));
      continue;
    }
    const flat = flattenIte(term);
    if (flat.kind !== 'apply' || flat.operator !== 'ite') return undefined;
    const [condition, thenValue, elseValue] = flat.arguments as readonly [Term, Term, Term];
    if (dependsOn(thenValue, others) || dependsOn(elseValue, others)) return undefined;
    const difference = sumWhere(condition, subtract(thenValue, elseValue), counter, varying);
    if (difference === undefined) return undefined;
    conditional = true;
    if (dependsOn(elseValue, self)) {
      const always = prefixSum(elseValue, counter, counter);
      if (always === undefined) return undefined;
      counted.push(sign(always));
    } else {
      perIteration.push(sign(elseValue));
    }
    counted.push(sign(difference));
  }
  if (!conditional) return undefined;
  if (perIteration.length === 0) perIteration = [intConstant(0n)];
  const perStep = perIteration.length === 1 ? perIteration[0]! : add(...perIteration);
  return add(initial, multiply(counter, perStep), ...counted);
}

/** the largest modulus whose residue classes byResidues writes out */
const maximumResidueModulus = 6n;

/**
 * a step that reads the counter only through one remainder (±n + F) mod m (m a constant up to 6):
 * an outer pass's count of inner iterations with (i + j) % 2 == 0 is (N + 1 − (−i mod 2)) div 2.
 * The remainder takes one value ρ in [0, m) at each n, so the step is s_{m−1} + Σ_{ρ < m−1}
 * ite((±n + F) mod m = ρ, s_ρ − s_{m−1}, 0) with s_ρ the step where the remainder is ρ: conditions
 * of the periodic shape the counts above know. Exact (the classes are disjoint and cover every n);
 * any other step is returned as it is.
 */
function byResidues(step: Term, counter: SymbolTerm, varying: ReadonlySet<string>): Term {
  const remainders = new Map<string, Term>();
  const self = new Set([counter.name]);
  const collect = (term: Term): void => {
    if (term.kind !== 'apply') return;
    const modulus = term.arguments[1];
    if (
      term.operator === 'mod' &&
      modulus !== undefined &&
      modulus.kind === 'intConstant' &&
      modulus.value > 1n &&
      modulus.value <= maximumResidueModulus &&
      dependsOn(term.arguments[0]!, self) &&
      affineTermInCounter(term.arguments[0]!, counter, varying) !== undefined
    ) {
      remainders.set(printTerm(term), term);
      return;
    }
    for (const operand of term.arguments) collect(operand);
  };
  collect(step);
  if (remainders.size > 1)
    return byCommonResidues(step, [...remainders.values()] as Extract<Term, { kind: 'apply' }>[], counter, varying);
  if (remainders.size !== 1) return step;
  const remainder = [...remainders.values()][0]! as Extract<Term, { kind: 'apply' }>;
  const text = printTerm(remainder);
  const replace = (term: Term, value: Term): Term => {
    if (term.kind !== 'apply' && term.kind !== 'applyFunction') return term;
    if (term.kind === 'apply' && term.operator === 'mod' && printTerm(term) === text) return value;
    return withOperands(
      term,
      term.arguments.map((operand) => replace(operand, value)),
    );
  };
  const modulus = (remainder.arguments[1] as Extract<Term, { kind: 'intConstant' }>).value;
  return byClasses(step, remainder, modulus, (residue) => replace(step, intConstant(residue)), counter);
}

/**
 * the step as s_{m−1} + Σ_{ρ < m−1} ite(class = ρ, s_ρ − s_{m−1}, 0), where `atClass(ρ)` is the step
 * in class ρ of the m classes; the step itself when some s_ρ still reads the counter
 */
function byClasses(
  step: Term,
  classTerm: Term,
  classes: bigint,
  atClass: (residue: bigint) => Term,
  counter: SymbolTerm,
): Term {
  const steps: Term[] = [];
  for (let residue = 0n; residue < classes; residue++) steps.push(simplifyTerm(atClass(residue)));
  if (steps.some((each) => dependsOn(each, new Set([counter.name])))) return step;
  const last = steps[steps.length - 1]!;
  const terms = steps
    .slice(0, -1)
    .map((each, residue) => ite(equal(classTerm, intConstant(BigInt(residue))), subtract(each, last), intConstant(0n)));
  return add(last, ...terms);
}

/**
 * several remainders (±n + F_k) mod m_k with constant F_k (a loop that writes cells 3i, 3i + 1, 3i + 2
 * read back by n): at each class n mod M = ρ, M the least common multiple of the m_k (up to 6),
 * every remainder is the constant (±ρ + F_k) mod m_k, since m_k divides M. The step is written as
 * in byResidues with the classes of n mod M; exact; any other step is returned as it is.
 */
function byCommonResidues(
  step: Term,
  remainders: readonly Extract<Term, { kind: 'apply' }>[],
  counter: SymbolTerm,
  varying: ReadonlySet<string>,
): Term {
  const known = new Map<string, { readonly sign: bigint; readonly offset: bigint; readonly modulus: bigint }>();
  let common = 1n;
  for (const remainder of remainders) {
    const affine = affineTermInCounter(remainder.arguments[0]!, counter, varying);
    const offset = affine === undefined ? undefined : termPolynomial(affine.rest, new Set(), new AtomTable());
    const constant = offset === undefined ? undefined : isConstantPolynomial(offset);
    if (affine === undefined || constant === undefined || constant.denominator !== 1n) return step;
    const modulus = (remainder.arguments[1] as Extract<Term, { kind: 'intConstant' }>).value;
    known.set(printTerm(remainder), { sign: affine.sign, offset: constant.numerator, modulus });
    common = (common / greatestCommonDivisor(common, modulus)) * modulus;
    if (common > maximumResidueModulus) return step;
  }
  const replace = (term: Term, residue: bigint): Term => {
    if (term.kind !== 'apply' && term.kind !== 'applyFunction') return term;
    const found = term.kind === 'apply' && term.operator === 'mod' ? known.get(printTerm(term)) : undefined;
    if (found !== undefined)
      return intConstant((((found.sign * residue + found.offset) % found.modulus) + found.modulus) % found.modulus);
    return withOperands(
      term,
      term.arguments.map((operand) => replace(operand, residue)),
    );
  };
  return byClasses(
    step,
    euclideanModulo(counter, intConstant(common)),
    common,
    (residue) => replace(step, residue),
    counter,
  );
}

/**
 * ite(c1, ite(c2, a, b), b) as ite(c1 and c2, a, b), and ite(c1, b, ite(c2, a, b)) as
 * ite(not c1 and c2, a, b), repeatedly (a pass's range 0 <= r < N around its threshold r <= i);
 * exact, the two sides are equal for every value
 */
function flattenIte(term: Term): Term {
  if (term.kind !== 'apply' || term.operator !== 'ite') return term;
  const [condition, thenValue, elseValue] = term.arguments as readonly [Term, Term, Term];
  const inner = (value: Term): Extract<Term, { kind: 'apply' }> | undefined =>
    value.kind === 'apply' && value.operator === 'ite' ? value : undefined;
  const thenIte = inner(thenValue);
  if (thenIte !== undefined && printTerm(thenIte.arguments[2]!) === printTerm(elseValue)) {
    return flattenIte(ite(and(condition, thenIte.arguments[0]!), thenIte.arguments[1]!, elseValue));
  }
  const elseIte = inner(elseValue);
  if (elseIte !== undefined && printTerm(elseIte.arguments[2]!) === printTerm(thenValue)) {
    return flattenIte(ite(and(not(condition), elseIte.arguments[0]!), elseIte.arguments[1]!, thenValue));
  }
  return term;
}
