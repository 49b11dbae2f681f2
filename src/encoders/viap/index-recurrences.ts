// Closed forms of cells defined from the previous cell (viap encoding, arrays.ts): a loop
// over i that writes a[i] = a[i-1] + D(i) (the first cell peeled: `if (i == 0) a[0] = 5`, normalised
// to a[i] by analysis/pinned-indices.ts) has the write function W with the recursive definition
// W(k) = V(k), V reading W(k − 1). Its closed form in the index is
//   P(k) = V(s) + Σ_{t = s+1}^{k} D(t)     (s the first cell written; the sum by Faulhaber's formula),
// with D read off V along the path that reads W(k − 1), the cells of arrays written earlier replaced
// by their own closed forms (chains b[i] = b[i-1] + a[i-1]), and range tests taken on their side
// without array reads. That reading is a guess; the form is kept only once the solver proves, from
// the definitions so far and the facts before the loop,
//   base: W(s) = P(s)    step: s + 1 <= k < s + count ∧ W(k − 1) = P(k − 1) ⇒ W(k) = P(k),
// so by induction on k, W(k) = P(k) for s <= k < s + count (count: the loop's exact iteration count).
// The lemma is stated under the facts before the loop, where it was proven.
//
// Soundness: the lemma follows from the definitions (which hold whatever the run does) and the facts
// of the runs that reach the loop, by the induction above; nothing unproven is added.

import {
  addPolynomials,
  constantPolynomial,
  degreeIn,
  substitutePolynomial,
  subtractPolynomials,
  sumOverRange,
  variablePolynomial,
  type Polynomial,
} from '../../analysis/polynomial.js';
import {
  add,
  and,
  applyFunction,
  containsSubterm,
  equal,
  forall,
  implies,
  intConstant,
  intSort,
  lessEqual,
  less,
  substituteTerm,
  symbol,
  type FunctionDeclaration,
  type SymbolTerm,
  type Term,
} from '../../smt/terms.js';
import type { LoopContext } from './loop-context.js';
import { AtomTable, dependsOn, polynomialTerm, termPolynomial } from './polynomial-terms.js';
import { constantDifference, replaceWhere, simplifyTerm, withOperands } from './simplify.js';
import type { Collector, IndexForm } from './translate.js';

/**
 * Tries the closed form of the write function `write` (one cell variable `cell`, defined by `value`
 * for the cells from `first` on) and, once proven, adds the lemma to the collector and records the
 * form for later loops. `count` is the loop's exact iteration count.
 */
export async function indexRecurrenceLemma(
  context: LoopContext,
  write: FunctionDeclaration,
  cell: SymbolTerm,
  value: Term,
  first: Term,
  count: Term,
  collector: Collector,
  where: string,
): Promise<IndexForm | undefined> {
  const decide = context.translator.decide;
  if (decide === undefined || context.parameters.length !== 0 || first.kind !== 'intConstant') return undefined;
  const form = candidateForm(write, cell, value, first, collector.indexForms);
  if (form === undefined) return undefined;
  const at = (term: Term, index: Term): Term => substituteTerm(term, new Map([[cell.name, index]]));
  const apply = (index: Term): Term => applyFunction(write, [index]);
  const known = [context.factsBefore, context.state.guard, ...collector.axioms.map((axiom) => axiom.term)];
  const base = equal(apply(first), at(form, first));
  if (!(await decide(known, base))) return undefined;
  const k = context.translator.freshSymbol('k!index', intSort);
  const previous = add(k, intConstant(-1n));
  const inStep = and(
    lessEqual(add(first, intConstant(1n)), k),
    less(k, add(first, count)),
    equal(apply(previous), at(form, previous)),
  );
  if (!(await decide([...known, inStep], equal(apply(k), at(form, k))))) return undefined;
  const inRange = and(lessEqual(first, cell), less(cell, add(first, count)));
  collector.axioms.push({
    term: implies(
      and(context.factsBefore, context.state.guard),
      forall([cell], implies(inRange, equal(apply(cell), form))),
    ),
    comment: `${write.name.split('@')[0]}: each written cell's closed form in its index (proven by induction on the index over the ${where})`,
  });
  const found = { cell, form };
  collector.indexForms.set(write.name, found);
  return found;
}

/** P(k) = V(first) + Σ_{t=first+1}^{k} D(t) as read off the definition (see the header), or undefined */
function candidateForm(
  write: FunctionDeclaration,
  cell: SymbolTerm,
  value: Term,
  first: Term,
  known: ReadonlyMap<string, IndexForm>,
): Term | undefined {
  const isPrevious = (term: Term): boolean =>
    term.kind === 'applyFunction' &&
    term.function === write &&
    term.arguments.length === 1 &&
    constantDifference(term.arguments[0]!, cell) === -1n;
  const readsWrite = (term: Term): boolean =>
    containsSubterm(term, (current) => current.kind === 'applyFunction' && current.function === write, {
      intoBinders: true,
    });
  const baseValue = simplifyTerm(substituteTerm(value, new Map([[cell.name, first]])));
  if (readsWrite(baseValue)) return undefined;
  const previous = symbol('#previous', intSort);
  const replaced = optimistic(withKnownForms(replaceWhere(simplifyTerm(value), isPrevious, previous), known), previous);
  if (readsWrite(replaced)) return undefined;
  const atoms = new AtomTable();
  const polynomial = termPolynomial(replaced, new Set([cell.name, previous.name]), atoms);
  if (polynomial === undefined || degreeIn(polynomial, previous.name) !== 1) return undefined;
  const step = subtractPolynomials(polynomial, variablePolynomial(previous.name));
  if (degreeIn(step, previous.name) !== 0) return undefined;
  // Σ_{t=first+1}^{k} D(t) = S(k + 1) − S(first + 1), S(m) = Σ_{t<m} D(t)
  const upper = '#upper';
  const prefix = sumOverRange(step, cell.name, upper);
  const at = (bound: Polynomial): Polynomial => substitutePolynomial(prefix, new Map([[upper, bound]]));
  const one = constantPolynomial(1n);
  const firstValue = (first as Extract<Term, { kind: 'intConstant' }>).value;
  const sum = subtractPolynomials(
    at(addPolynomials(variablePolynomial(cell.name), one)),
    at(constantPolynomial(firstValue + 1n)),
  );
  const sumTerm = polynomialTerm(sum, (name) => (name === cell.name ? cell : atoms.termOf(name)!));
  return simplifyTerm(add(baseValue, sumTerm));
}

/** applications of write functions with a proven index form, replaced by that form at the argument */
function withKnownForms(term: Term, known: ReadonlyMap<string, IndexForm>): Term {
  if (term.kind !== 'apply' && term.kind !== 'applyFunction') return term;
  const operands = term.arguments.map((operand) => withKnownForms(operand, known));
  if (term.kind === 'applyFunction' && operands.length === 1) {
    const found = known.get(term.function.name);
    if (found !== undefined) return substituteTerm(found.form, new Map([[found.cell.name, operands[0]!]]));
  }
  return withOperands(term, operands);
}

/**
 * each ite replaced by the branch a cell inside the loop's range takes, as guessed: the one that
 * reads the previous cell (the recursion), else the one free of array reads (the in-range side of
 * a guarded read of another array); the solver's proof checks the guess
 */
function optimistic(term: Term, previous: SymbolTerm): Term {
  if (term.kind !== 'apply' && term.kind !== 'applyFunction') return term;
  const operands = term.arguments.map((operand) => optimistic(operand, previous));
  if (term.kind === 'apply' && term.operator === 'ite') {
    const [, thenValue, elseValue] = operands as [Term, Term, Term];
    const recursive = (operand: Term): boolean => dependsOn(operand, new Set([previous.name]));
    if (recursive(thenValue) !== recursive(elseValue)) return recursive(thenValue) ? thenValue : elseValue;
    const readsArray = (operand: Term): boolean =>
      containsSubterm(operand, (current) => current.kind === 'apply' && current.operator === 'select', {
        intoBinders: true,
      });
    if (!readsArray(thenValue) && readsArray(elseValue)) return thenValue;
    if (readsArray(thenValue) && !readsArray(elseValue)) return elseValue;
  }
  return withOperands(term, operands);
}
