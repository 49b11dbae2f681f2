// Order lemmas for a scalar recurrence without a closed form (viap encoding): a running maximum
// `if (e > x) x = e` or minimum, and any update that never moves x down (up).
//
// For a slot x with the axioms x(P, 0) = init and ∀n >= 0. x(P, n + 1) = B(n), where B reads x(P, n):
// - when B >= x(P, n) is valid: ∀0 <= k <= n. x(P, n) >= x(P, k) (x never decreases);
// - when moreover B >= e(n) is valid for a branch value e of B: ∀0 <= k < n. x(P, n) >= e(k)
//   (the value of iteration k is below every later x).
// Both follow by induction on n from the step axiom alone, which holds for every n >= 0, so they are
// consequences of the axioms. Downward: the same with <=. The validity is asked of the solver
// (translator.decide) with every function left uninterpreted, under the order lemmas already found.
// Two shapes are asked about: an update by cases that may keep x (no further facts), and x set to
// an inner loop's recurrence that has an order lemma (an outer `x = inner(P, N)`: the inner run
// never lowers x), asked under the facts that hold where the loop runs (the inner count is >= 0
// there) and then stated under them (an implication), so it stays a consequence of the axioms.
// Without a decider nothing is added.

import { formatTerm } from '../../smt/format.js';
import { printTerm } from '../../smt/printer.js';
import {
  and,
  containsSubterm,
  equal,
  exists,
  forall,
  freeSymbolNames,
  or,
  greaterEqual,
  implies,
  intConstant,
  intSort,
  less,
  lessEqual,
  substituteTerm,
  type FunctionDeclaration,
  type SymbolTerm,
  type Term,
} from '../../smt/terms.js';
import type { LoopContext } from './loop-context.js';
import type { Direction } from './loop-facts.js';
import { conjunctsOf } from './simplify.js';
import type { Collector } from './translate.js';

/** the maximal subterms of `next` that are not ite splits leading to `current` (the values the update offers) */
function branchValues(next: Term, current: Term): Term[] {
  const currentText = printTerm(current);
  const values: Term[] = [];
  const visit = (term: Term): void => {
    const text = printTerm(term);
    if (text === currentText) return;
    if (term.kind === 'apply' && term.operator === 'ite' && text.includes(currentText)) {
      const [, thenTerm, elseTerm] = term.arguments;
      if (printTerm(thenTerm!).includes(currentText) || printTerm(elseTerm!).includes(currentText)) {
        visit(thenTerm!);
        visit(elseTerm!);
        return;
      }
    }
    values.push(term);
  };
  visit(next);
  return values;
}

/**
 * the directions worth asking, and whether the facts around the loop are needed: an update by cases
 * that may keep x (asked without facts, both directions), or x set to an inner loop's recurrence
 * that has an order lemma (its direction, under the facts: the inner count is >= 0 there)
 */
function candidateDirections(
  next: Term,
  values: readonly Term[],
  ordered: ReadonlyMap<string, Direction>,
): { directions: Direction[]; withFacts: boolean } {
  if (next.kind === 'applyFunction') {
    const direction = ordered.get(next.function.name);
    return direction === undefined
      ? { directions: [], withFacts: false }
      : { directions: [direction], withFacts: true };
  }
  const byCases = next.kind === 'apply' && next.operator === 'ite' && values.length < countLeaves(next);
  return { directions: byCases ? ['up', 'down'] : [], withFacts: false };
}

function countLeaves(term: Term): number {
  return term.kind === 'apply' && term.operator === 'ite'
    ? countLeaves(term.arguments[1]!) + countLeaves(term.arguments[2]!)
    : 1;
}

/**
 * adds the order lemmas of one recurrence slot to the collector (axioms, and `orderFacts` for the
 * next loops' questions); `at(t)` is x(P, t), `next` is B(n) over the loop's counter
 */
export async function orderLemmas(
  context: LoopContext,
  at: (value: Term) => Term,
  function_: FunctionDeclaration,
  initialAxiom: Term,
  next: Term,
  collector: Collector,
  name: string,
): Promise<void> {
  const decide = context.translator.decide;
  if (decide === undefined || next.sort.kind !== 'int') return;
  const { counter, parameters } = context;
  const current = at(counter);
  // computed once: the directions, the value lemmas and the offered-value lemma all read it
  const values = branchValues(next, current);
  const { directions, withFacts } = candidateDirections(next, values, collector.orderedFunctions);
  const facts = withFacts
    ? [...context.enclosing, context.factsBefore, context.state.guard].flatMap((fact) => conjunctsOf(fact))
    : [];
  // the quantifier-free facts first (N >= 0 is usually all it takes), which keep the lemma cheap to use
  const quantifierFree = facts.filter(
    (fact) => !containsSubterm(fact, (term) => term.kind === 'quantifier', { intoBinders: true }),
  );
  const compare = (direction: Direction, left: Term, right: Term): Term =>
    direction === 'up' ? greaterEqual(left, right) : lessEqual(left, right);
  for (const direction of directions) {
    const goal = compare(direction, next, current);
    let premises: Term[] = quantifierFree;
    if (!(await decide([...collector.orderFacts, ...premises], goal))) {
      if (quantifierFree.length === facts.length || !(await decide([...collector.orderFacts, ...facts], goal)))
        continue;
      premises = facts;
    }
    const earlier = context.translator.freshSymbol(`${counter.name}!earlier`, intSort);
    const guarded = (body: Term, extra: readonly SymbolTerm[] = []): Term => {
      const variables = [...parameters, earlier, counter, ...extra];
      if (premises.length === 0) return forall(variables, body);
      // stated under the facts it needed; facts that read the outer counters go inside their quantifier
      const outer = new Set(parameters.map((parameter) => parameter.name));
      const inside = premises.some((premise) =>
        [...freeSymbolNames(premise)].some((symbolName) => outer.has(symbolName)),
      );
      return inside
        ? forall(variables, implies(and(...premises), body))
        : implies(and(...premises), forall(variables, body));
    };
    const ordered = and(lessEqual(intConstant(0n), earlier), lessEqual(earlier, counter));
    const monotone = guarded(implies(ordered, compare(direction, current, at(earlier))));
    collector.axioms.push({
      term: monotone,
      comment: `${name} never ${direction === 'up' ? 'decreases' : 'increases'} over the iterations (from its update)`,
    });
    collector.orderFacts.push(initialAxiom, monotone);
    collector.orderedFunctions.set(function_.name, direction);
    const strictlyEarlier = and(lessEqual(intConstant(0n), earlier), less(earlier, counter));
    for (const value of values) {
      if (value.sort.kind !== 'int') continue;
      if (value !== next && !(await decide([...collector.orderFacts, ...premises], compare(direction, next, value))))
        continue;
      const valueAtEarlier = substituteTerm(value, new Map([[counter.name, earlier]]));
      const lemma = guarded(implies(strictlyEarlier, compare(direction, current, valueAtEarlier)));
      collector.axioms.push({
        term: lemma,
        comment: `${name} is ${direction === 'up' ? 'at least' : 'at most'} the value ${formatTerm(next).length > 60 ? 'its update offers' : formatTerm(value)} at every earlier iteration`,
      });
      collector.orderFacts.push(lemma);
      if (premises.length === 0) {
        const bounds = collector.valueBounds.get(function_.name) ?? [];
        bounds.push({ parameters, counter, value, direction });
        collector.valueBounds.set(function_.name, bounds);
      }
    }
    if (next.kind === 'applyFunction')
      composedLemmas(context, current, next, earlier, direction, guarded, collector, name);
    else offeredValueLemma(context, current, at, values, collector, name);
    return;
  }
}

/**
 * x(P, t + 1) = F(P, t, c) with F an inner loop's recurrence bounded by the values e it offers
 * (F(Q, n) >= e(Q, j) for 0 <= j < n, no facts needed): then x(P, t) >= e((P, k), j) for every
 * 0 <= k < t and 0 <= j < c(k), from x(P, t) >= F(P, k, c(k)) (the lemma above for value = next).
 * Stated outright, the solver needs no chain of instances to reach a cell of an earlier pass.
 */
function composedLemmas(
  context: LoopContext,
  current: Term,
  next: Extract<Term, { kind: 'applyFunction' }>,
  earlier: SymbolTerm,
  direction: Direction,
  guarded: (body: Term, extra: readonly SymbolTerm[]) => Term,
  collector: Collector,
  name: string,
): void {
  const { counter } = context;
  for (const bound of collector.valueBounds.get(next.function.name) ?? []) {
    if (bound.direction !== direction || bound.parameters.length + 1 !== next.arguments.length) continue;
    const inner = context.translator.freshSymbol(`${bound.counter.name}!cell`, intSort);
    const replacements = new Map<string, Term>(
      bound.parameters.map((parameter, index) => [parameter.name, next.arguments[index]!]),
    );
    replacements.set(bound.counter.name, inner);
    const atEarlier = new Map<string, Term>([[counter.name, earlier]]);
    const value = substituteTerm(substituteTerm(bound.value, replacements), atEarlier);
    const count = substituteTerm(next.arguments[next.arguments.length - 1]!, atEarlier);
    const ranges = and(
      lessEqual(intConstant(0n), earlier),
      less(earlier, counter),
      lessEqual(intConstant(0n), inner),
      less(inner, count),
    );
    const lemma = guarded(
      implies(ranges, direction === 'up' ? greaterEqual(current, value) : lessEqual(current, value)),
      [inner],
    );
    collector.axioms.push({
      term: lemma,
      comment: `${name} is ${direction === 'up' ? 'at least' : 'at most'} every value the inner loop offered in earlier iterations`,
    });
    collector.orderFacts.push(lemma);
  }
}

/**
 * x(P, n) is its start value or a value its update offered at an earlier iteration:
 * ∀n >= 0. x(n) = x(0) ∨ ∃k. 0 <= k < n ∧ x(n) = e(k) over the branch values e. By induction on n:
 * every leaf of the update's case split is x(n) itself or one of the e (branchValues stops only
 * there), so x(n + 1) is x(n) or some e(n). With the order lemmas this pins a running maximum over
 * known values down (the maximum of N + i over i < N is 2N − 1).
 */
function offeredValueLemma(
  context: LoopContext,
  current: Term,
  at: (value: Term) => Term,
  values: readonly Term[],
  collector: Collector,
  name: string,
): void {
  const { counter, parameters } = context;
  if (values.length === 0 || values.some((value) => value.sort.kind !== 'int')) return;
  const offered = context.translator.freshSymbol(`${counter.name}!offered`, intSort);
  const atOffered = new Map([[counter.name, offered]]);
  const fromValues = exists(
    [offered],
    and(
      lessEqual(intConstant(0n), offered),
      less(offered, counter),
      or(...values.map((value) => equal(current, substituteTerm(value, atOffered)))),
    ),
  );
  const lemma = forall(
    [...parameters, counter],
    implies(lessEqual(intConstant(0n), counter), or(equal(current, at(intConstant(0n))), fromValues)),
  );
  collector.axioms.push({
    term: lemma,
    comment: `${name} is its start value or a value its update offered at an earlier iteration`,
  });
}
