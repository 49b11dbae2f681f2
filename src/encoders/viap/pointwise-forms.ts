// Closed forms of a loop's recurrences that the slot analysis (forms.ts) cannot give, found once
// the body is known (viap encoding, arrays.ts): each cell of an array the loop rewrites as a whole
// (an inner loop over the cells: a(n + 1)[r] = F(a(n)[r], n)), and a scalar recurrence whose update
// reads such an array at the counter (s += a[i] after an inner pass over a). The update of one value
// x(n + 1) = F(x(n), n) becomes a transition over a placeholder for x(n) and a count n, solved by
// - analysis/closed-forms.ts when F is polynomial (loop-invariant conditions as 0/1 indicators);
// - cases on at most two such indicators when the coefficient of x is not 1 (b[j] = i: b' = n
//   where the indicator holds, b' = b where it does not);
// - a sum of conditional steps (counted-sums.ts) when F = x + Σ ite(c_k(n), a_k, b_k), c_k a
//   threshold or a remainder of n (b[j] += 1 for j from i on); a step may be an unknown cell of an
//   array the loop does not write (b[j] += a[j] for j from i on, issue 43 class 5: a[(r − n) + n]
//   is read as a[r] once the indices are in normal form, so the cell ends at b0 + count·a[r]);
// - a write once per cell, by the pass whose block holds it (block-writes.ts: a[i * N + j] = V);
// - a counter that stops at a bound (saturatingForm: if (a[j] > 0) a[j]--),
//   kept once the solver shows that it starts at the cell's value and satisfies the update.
// A form found after the solver decided conditions of F at the iterations the loop runs
// (decidedPointwiseForm) holds for 0 <= n <= count only, and is stated so by the caller.
//
// Soundness: each form satisfies x(0) = the value before the loop and x(n + 1) = F(x(n), n) for every
// n in its range (a proven identity of the update: closed-forms.ts and counted-sums.ts are exact
// over the integers, indicator atoms keep their value over the loop), so it follows by induction on
// n from the recurrence's two axioms, which hold whatever the run does. A step that reads a cell of
// another array is loop-invariant only when it reads neither the counter nor a slot: an array the
// loop writes is a recurrence applied at the counter (so it reads n), and the array's own other cells
// make the update foreign (overPlaceholder), so such a step is never taken as a constant; the indices
// are put in normal form exactly over the integers (withCancelledIndices) before this is checked.

import { computeClosedForms } from '../../analysis/closed-forms.js';
import {
  constantPolynomial,
  polynomialVariables,
  substitutePolynomial,
  type Polynomial,
} from '../../analysis/polynomial.js';
import type { ArrayVariable } from '../../ir/types.js';
import { printTerm } from '../../smt/printer.js';
import {
  add,
  and,
  applyFunction,
  containsSubterm,
  equal,
  implies,
  intConstant,
  intSort,
  ite,
  less,
  lessEqual,
  not,
  subtract,
  substituteTerm,
  symbol,
  type FunctionDeclaration,
  type Sort,
  type SymbolTerm,
  type Term,
} from '../../smt/terms.js';
import { scalarSort } from '../../symbolic/expressions.js';
import { blockWriteForm } from './block-writes.js';
import { countedSum } from './counted-sums.js';
import { intervalCandidates } from './interval-forms.js';
import { decideConditions, maximumClosedFormDegree, maximumQuestions } from './forms.js';
import type { ArrayPlan, LoopContext, PointwiseForm } from './loop-context.js';
import { AtomTable, dependsOn, polynomialTerm, termPolynomial } from './polynomial-terms.js';
import { constantDifference, selectChain, simplifyTerm, withOperands } from './simplify.js';

/**
 * the loop's exact number of iterations (when it has one: no break, an affine exit condition) and
 * its condition at the counter: the range over which forms found with decided conditions hold
 */
export interface RunRange {
  readonly count: Term;
  readonly condition: Term;
}

/**
 * When one iteration changes each cell on its own, A(n + 1)[r] = F(A(n)[r], n) (conditions that do
 * not depend on the cell's value or on n, such as 0 <= r < N, become 0/1 indicators), the cell's
 * closed form over n as a term over the cell variables and the counter; else undefined.
 * `afterBody` is A(n + 1)[cells], `recurrence` is A and `initial` the cell before the loop.
 */
export function pointwiseClosedForm(
  context: LoopContext,
  array: ArrayVariable,
  recurrence: FunctionDeclaration,
  cells: readonly SymbolTerm[],
  afterBody: Term,
  initial: Term,
): Term | undefined {
  const { isTheCell, appliesRecurrence } = cellMatchers(context, recurrence, cells);
  return updateClosedForm(
    context,
    `${array.name}!cell!start`,
    scalarSort(array.elementType, 'int'),
    afterBody,
    isTheCell,
    appliesRecurrence,
    initial,
  );
}

/**
 * the cell A(P, n)[cells] (the value the update reads as x(n)), and any other application of the
 * recurrence A (another cell, another iteration), which makes a form foreign
 */
function cellMatchers(
  context: LoopContext,
  recurrence: FunctionDeclaration,
  cells: readonly SymbolTerm[],
): {
  readonly isTheCell: (term: Term) => boolean;
  readonly appliesRecurrence: (term: Term) => boolean;
} {
  const arrayText = printTerm(applyFunction(recurrence, [...context.parameters, context.counter]));
  const isTheCell = (term: Term): boolean => {
    const { base, indices } = selectChain(term);
    return (
      indices.length === cells.length &&
      base.kind === 'applyFunction' &&
      base.function === recurrence &&
      printTerm(base) === arrayText &&
      indices.every((index, dimension) => constantDifference(index, cells[dimension]!) === 0n)
    );
  };
  const appliesRecurrence = (term: Term): boolean => term.kind === 'applyFunction' && term.function === recurrence;
  return { isTheCell, appliesRecurrence };
}

/**
 * pointwiseClosedForm after the conditions of the update that the solver decides at the iterations
 * the loop runs (0 <= n < count, the loop condition at n, the facts before the loop) are replaced
 * by the branch taken: `b[j] += a[i]` inside an outer loop over i, after `a[i] = 1` for every i < N,
 * reads a[n] = 1 at each n < N. The form then holds for 0 <= n <= count only (by induction on n from
 * the recurrence's axioms, each step at an n the decisions cover), which is how the caller states it;
 * the views after the loop read it at the count.
 */
export async function decidedPointwiseForm(
  context: LoopContext,
  array: ArrayVariable,
  recurrence: FunctionDeclaration,
  cells: readonly SymbolTerm[],
  afterBody: Term,
  initial: Term,
  range: RunRange,
): Promise<Term | undefined> {
  const decide = context.translator.decide;
  if (decide === undefined) return undefined;
  const { simplified, decided } = await decidedAtRun(context, range, decide, afterBody);
  const form =
    decided === simplified ? undefined : pointwiseClosedForm(context, array, recurrence, cells, decided, initial);
  if (form !== undefined) return form;
  const { isTheCell, appliesRecurrence } = cellMatchers(context, recurrence, cells);
  const transition = overPlaceholder(
    context,
    `${array.name}!cell!start`,
    scalarSort(array.elementType, 'int'),
    decided,
    isTheCell,
    appliesRecurrence,
  );
  if (transition === undefined) return undefined;
  // a cell written once, by the pass whose block of cells holds it (a[i * N + j] = V)
  const block = await blockWriteForm(
    context,
    transition.placeholder,
    transition.replaced,
    initial,
    range.count,
    (goal) => decide(runAssumptions(context, range), goal),
  );
  if (block !== undefined) return block;
  // conditions on the cell's own value: guess their branches, then check the guess
  const guessed = await guessedForm(context, transition.placeholder, transition.replaced, initial, range);
  if (guessed !== undefined) return guessed;
  // a counter that stops at a bound, or a cell set (or maximised) by the iterations of an interval
  // (interval-forms.ts): a candidate is kept once the solver shows it satisfies the update
  const saturating = saturatingForm(context, transition.placeholder, transition.replaced, initial);
  const candidates = [
    ...(saturating === undefined ? [] : [saturating]),
    ...intervalCandidates(transition.placeholder, transition.replaced, initial, context.counter),
  ];
  for (const candidate of candidates) {
    const next = substituteTerm(candidate, new Map([[context.counter.name, add(context.counter, intConstant(1n))]]));
    const step = equal(substituteTerm(transition.replaced, new Map([[transition.placeholder.name, candidate]])), next);
    const start = equal(substituteTerm(candidate, new Map([[context.counter.name, intConstant(0n)]])), initial);
    if (await decide(runAssumptions(context, range), and(start, step))) return candidate;
  }
  return undefined;
}

/**
 * A counter that moves by one toward a loop-invariant bound and stops there: x(n + 1) =
 * ite(x > L, x − 1, x) (`if (a[j] > 0) a[j]--` over more passes than the cell's start value), or
 * ite(x < U, x + 1, x), possibly under a condition g free of n and x (ite(g, …, x): the cell range
 * 0 <= r < N). The form is max(x(0) − n, L) (min(x(0) + n, U)), x(0) itself where it starts beyond
 * the bound; decidedPointwiseForm has the solver check that it satisfies the recurrence before using it.
 */
function saturatingForm(
  context: LoopContext,
  placeholder: SymbolTerm,
  replaced: Term,
  initial: Term,
): Term | undefined {
  const self = new Set([placeholder.name, context.counter.name]);
  if (replaced.kind !== 'apply' || replaced.operator !== 'ite') return undefined;
  const [condition, thenValue, elseValue] = replaced.arguments as readonly [Term, Term, Term];
  if (elseValue !== placeholder) return undefined;
  if (!dependsOn(condition, self)) {
    const inner = saturatingForm(context, placeholder, thenValue, initial);
    return inner === undefined ? undefined : ite(condition, inner, initial);
  }
  if (condition.kind !== 'apply' || condition.arguments.length !== 2) return undefined;
  const [left, right] = condition.arguments as readonly [Term, Term];
  // the bound the counter stops at, and the direction: x > L moves down to L, x < U up to U
  let bound: Term;
  let down: boolean;
  if (left === placeholder && (condition.operator === '>' || condition.operator === '<'))
    [bound, down] = [right, condition.operator === '>'];
  else if (right === placeholder && (condition.operator === '<' || condition.operator === '>'))
    [bound, down] = [left, condition.operator === '<'];
  else return undefined;
  if (dependsOn(bound, self)) return undefined;
  const step = constantDifference(thenValue, placeholder);
  if (step !== (down ? -1n : 1n)) return undefined;
  const moved = down ? subtract(initial, context.counter) : add(initial, context.counter);
  const beyond = down ? lessEqual(initial, bound) : lessEqual(bound, initial);
  const before = down ? lessEqual(bound, moved) : lessEqual(moved, bound);
  return ite(beyond, initial, ite(before, moved, bound));
}

/** the most conditions on the value itself whose branches guessedForm guesses (2^k guesses) */
const maximumGuessedConditions = 2;

/**
 * The closed form of x(n + 1) = F(x(n), n) when F branches on x itself (`if (a[j] > 0) a[j]--`
 * in N passes over cells that start at N): for each choice of the branches of those conditions
 * (at most two), the form G of the update with the chosen branches (transitionForm); G is kept when
 * the solver shows that at every iteration the loop runs (0 <= n < count and what holds there), with
 * x(n) = G(n), each condition's path to it implies the chosen side. Then by induction on n,
 * x(n) = G(n) for 0 <= n <= count: x(0) = G(0), and if x(n) = G(n) the run takes the chosen branches,
 * so x(n + 1) = F(G(n), n) = G(n + 1). The form is stated for that range only (decided).
 */
async function guessedForm(
  context: LoopContext,
  placeholder: SymbolTerm,
  replaced: Term,
  initial: Term,
  range: RunRange,
): Promise<Term | undefined> {
  const decide = context.translator.decide;
  if (decide === undefined) return undefined;
  const self = new Set([placeholder.name]);
  // the ites whose condition reads x, with the conditions of the ites around them (their path)
  const branches: { readonly term: Term; readonly path: readonly Term[] }[] = [];
  const collect = (term: Term, path: readonly Term[]): void => {
    if (term.kind !== 'apply') return;
    if (term.operator === 'ite') {
      const [condition, thenValue, elseValue] = term.arguments as readonly [Term, Term, Term];
      if (dependsOn(condition, self) && !branches.some((branch) => branch.term === term)) branches.push({ term, path });
      collect(condition, path);
      collect(thenValue, [...path, condition]);
      collect(elseValue, [...path, not(condition)]);
      return;
    }
    for (const operand of term.arguments) collect(operand, path);
  };
  collect(replaced, []);
  if (branches.length === 0 || branches.length > maximumGuessedConditions) return undefined;
  for (let choice = 0; choice < 1 << branches.length; choice++) {
    const taken = branches.map((_, index) => (choice & (1 << index)) === 0);
    const chosen = (term: Term): Term => {
      if (term.kind !== 'apply' && term.kind !== 'applyFunction') return term;
      const index = branches.findIndex((branch) => branch.term === term);
      if (index >= 0) return chosen((term as Extract<Term, { kind: 'apply' }>).arguments[taken[index] ? 1 : 2]!);
      return withOperands(term, term.arguments.map(chosen));
    };
    const guess = simplifyTerm(chosen(replaced));
    if (
      containsSubterm(
        guess,
        (term) => term.kind === 'apply' && term.operator === 'ite' && dependsOn(term.arguments[0]!, self),
        { intoBinders: true },
      )
    )
      continue;
    const form = transitionForm(context, placeholder, guess, initial);
    if (form === undefined) continue;
    const atForm = (term: Term): Term => substituteTerm(term, new Map([[placeholder.name, form]]));
    const obligations = branches.map((branch, index) => {
      const condition = (branch.term as Extract<Term, { kind: 'apply' }>).arguments[0]!;
      return atForm(implies(and(...branch.path), taken[index] ? condition : not(condition)));
    });
    if (await decide(runAssumptions(context, range), and(...obligations))) return form;
  }
  return undefined;
}

/**
 * the closed form of a scalar recurrence x_L(P, n) (forms.ts left it one) whose update reads arrays
 * of the loop at the counter through their per-cell forms: `s += a[i]` after an inner pass that
 * adds 1 to every cell reads a(n + 1)[n] = a(0)[n] + n + 1. `afterSlot` is x_L(P, n + 1)'s value
 * (the body at n). Returns the form and whether a decided cell form was read (then it holds up to
 * the count only), or undefined.
 */
export async function slotFormThroughCells(
  context: LoopContext,
  slotFunction: FunctionDeclaration,
  sort: Sort,
  afterSlot: Term,
  initial: Term,
  plans: ReadonlyMap<number, ArrayPlan>,
  range: RunRange | undefined,
): Promise<{ readonly value: Term; readonly decided: boolean } | undefined> {
  let decided = false;
  let substituted = false;
  const byFunction = new Map<FunctionDeclaration, PointwiseForm>();
  for (const plan of plans.values())
    if (plan.kind === 'recurrence' && plan.pointwise !== undefined) byFunction.set(plan.function, plan.pointwise);
  if (byFunction.size === 0) return undefined;
  const throughCells = (term: Term): Term => {
    if (term.kind === 'apply' && term.operator === 'select') {
      const { base, indices } = selectChain(term);
      const form = base.kind === 'applyFunction' ? byFunction.get(base.function) : undefined;
      if (form !== undefined && base.kind === 'applyFunction' && form.cells.length === indices.length) {
        const at = base.arguments[base.arguments.length - 1]!;
        const cells = indices.map((index) => throughCells(index));
        substituted = true;
        decided ||= form.decided;
        return substituteTerm(
          form.value,
          new Map([
            [context.counter.name, at],
            ...form.cells.map((cell, dimension): [string, Term] => [cell.name, cells[dimension]!]),
          ]),
        );
      }
    }
    if (term.kind === 'apply' || term.kind === 'applyFunction')
      return withOperands(term, term.arguments.map(throughCells));
    return term;
  };
  const rewritten = throughCells(afterSlot);
  if (!substituted) return undefined;
  const selfText = printTerm(applyFunction(slotFunction, [...context.parameters, context.counter]));
  const isSelf = (term: Term): boolean =>
    term.kind === 'applyFunction' && term.function === slotFunction && printTerm(term) === selfText;
  const appliesSelf = (term: Term): boolean => term.kind === 'applyFunction' && term.function === slotFunction;
  const value = updateClosedForm(context, `${slotFunction.name}!start`, sort, rewritten, isSelf, appliesSelf, initial);
  if (value !== undefined) return { value, decided };
  // the cells' forms read at the counter keep the conditions of the arrays before the loop
  // (0 <= n < N_L0 from an initialising loop): decided at the iterations the loop runs
  const decide = context.translator.decide;
  if (range === undefined || decide === undefined) return undefined;
  const { simplified, decided: decidedTerm } = await decidedAtRun(context, range, decide, rewritten);
  if (decidedTerm === simplified) return undefined;
  const decidedValue = updateClosedForm(
    context,
    `${slotFunction.name}!start`,
    sort,
    decidedTerm,
    isSelf,
    appliesSelf,
    initial,
  );
  return decidedValue === undefined ? undefined : { value: decidedValue, decided: true };
}

/** the term simplified, and with the conditions the solver decides at the iterations the loop runs replaced by the branch taken */
async function decidedAtRun(
  context: LoopContext,
  range: RunRange,
  decide: NonNullable<LoopContext['translator']['decide']>,
  term: Term,
): Promise<{ readonly simplified: Term; readonly decided: Term }> {
  const simplified = simplifyTerm(term);
  return {
    simplified,
    decided: await decideConditions(simplified, new Map(), runAssumptions(context, range), decide, {
      left: maximumQuestions,
    }),
  };
}

/** what holds at an iteration n the loop runs: the facts around and before it, 0 <= n < count, its condition at n */
function runAssumptions(context: LoopContext, range: RunRange): Term[] {
  return [
    ...context.enclosing,
    context.factsBefore,
    context.state.guard,
    lessEqual(intConstant(0n), context.counter),
    less(context.counter, range.count),
    range.condition,
  ];
}

/**
 * x(n) for x(n + 1) = `after`, where the subterms `isSelf` matches are x(n) and any other subterm
 * `isForeign` matches defeats the form (the header's three ways), as a term over the counter
 */
function updateClosedForm(
  context: LoopContext,
  name: string,
  sort: Sort,
  after: Term,
  isSelf: (term: Term) => boolean,
  isForeign: (term: Term) => boolean,
  initial: Term,
): Term | undefined {
  const transition = overPlaceholder(context, name, sort, after, isSelf, isForeign);
  return transition === undefined
    ? undefined
    : transitionForm(context, transition.placeholder, transition.replaced, initial);
}

/** `after` with x(n) (the subterms `isSelf` matches) as a fresh placeholder, or undefined when a foreign subterm remains */
function overPlaceholder(
  context: LoopContext,
  name: string,
  sort: Sort,
  after: Term,
  isSelf: (term: Term) => boolean,
  isForeign: (term: Term) => boolean,
): { readonly placeholder: SymbolTerm; readonly replaced: Term } | undefined {
  const placeholder = context.translator.freshSymbol(name, sort);
  let foreign = false;
  const replace = (term: Term): Term => {
    if (isSelf(term)) return placeholder;
    if (term.kind === 'apply' || term.kind === 'applyFunction') {
      if (isForeign(term)) foreign = true;
      return withOperands(term, term.arguments.map(replace));
    }
    if (containsSubterm(term, isForeign, { intoBinders: true })) foreign = true;
    return term;
  };
  const replaced = simplifyTerm(withCancelledIndices(replace(simplifyTerm(after))));
  return foreign ? undefined : { placeholder, replaced };
}

/**
 * the term with each integer index of a select and each integer argument of a function application
 * written as its polynomial normal form: a cell read at (r − n) + n, the inner loop's index at the
 * outer counter n, becomes a[r], which no longer reads n, so its value is a per-cell constant of the
 * loop (b[j] += a[j] for j from i on: a step a[r] on the threshold n <= r). Exact: termPolynomial
 * and polynomialTerm compute over the integers, so each argument keeps its value.
 */
function withCancelledIndices(term: Term): Term {
  if (term.kind !== 'apply' && term.kind !== 'applyFunction') return term;
  const operands = term.arguments.map(withCancelledIndices);
  const normal = (operand: Term, position: number): Term => {
    const isIndex = term.kind === 'applyFunction' || (term.operator === 'select' && position > 0);
    if (!isIndex || operand.sort.kind !== 'int' || operand.kind !== 'apply') return operand;
    if (operand.operator !== '+' && operand.operator !== '-' && operand.operator !== '*') return operand;
    const atoms = new AtomTable();
    const polynomial = termPolynomial(operand, new Set(), atoms);
    return polynomial === undefined ? operand : polynomialTerm(polynomial, (name) => atoms.termOf(name)!);
  };
  return withOperands(term, operands.map(normal));
}

/** the closed form of x(n + 1) = `replaced` over the placeholder of x(n) (the header's three ways) */
function transitionForm(
  context: LoopContext,
  placeholder: SymbolTerm,
  replaced: Term,
  initial: Term,
): Term | undefined {
  // steps on thresholds and remainders of the counter (b[j] += 1 for j from i to N): a sum of
  // conditional steps, exact for every n >= 0
  const counted = (): Term | undefined =>
    countedSum(replaced, placeholder, context.counter, initial, new Set([placeholder.name, context.counter.name]));
  // the counter (an enclosing pass's k in a[i] += k) enters the transition as a variable of its
  // own that starts at 0 and moves by 1
  const count = symbol(countName, intSort);
  const varying = new Set([placeholder.name, countName]);
  const update = termPolynomial(
    substituteTerm(replaced, new Map([[context.counter.name, count]])),
    varying,
    context.atoms,
  );
  const countUpdate = termPolynomial(add(count, intConstant(1n)), varying, context.atoms);
  if (update === undefined || countUpdate === undefined) return counted();
  const valueOf = (variable: string): Term => {
    if (variable === iterationName) return context.counter;
    if (variable === countName) return intConstant(0n);
    if (variable === placeholder.name) return initial;
    const term = context.atoms.termOf(variable);
    if (term === undefined) throw new Error(`internal: viap: unknown polynomial variable ${variable}`);
    return term;
  };
  const formOf = (valueUpdate: Polynomial): Term | undefined => {
    const updates = new Map([
      [placeholder.name, valueUpdate],
      [countName, countUpdate],
    ]);
    const form = computeClosedForms(
      { updates },
      { iterationVariable: iterationName, maximumDegree: maximumClosedFormDegree },
    ).get(placeholder.name)!;
    if (form.kind === 'undefined') return undefined;
    const value = polynomialTerm(form.value, valueOf);
    return form.kind === 'polynomial' ? value : ite(equal(context.counter, intConstant(0n)), initial, value);
  };
  return formOf(update) ?? formByBranches(update, context.atoms, formOf) ?? counted();
}

/**
 * the closed form of an update that has none as one polynomial, by cases on the loop-invariant
 * conditions it reads (their 0/1 indicators, at most two): `b[j] = i` inside an outer loop is
 * `b' = [0 <= r < N]·n + (1 − [0 <= r < N])·b`, whose coefficient of b is not 1; with the indicator
 * fixed to 1 it is `b' = n` (form n − 1 from iteration 1 on), fixed to 0 it is `b' = b`. Exact: an
 * indicator atom reads no varying symbol (polynomial-terms.ts), so it keeps its value over the
 * loop, and each branch's form is a proven identity of its own update.
 */
function formByBranches(
  update: Polynomial,
  atoms: AtomTable,
  formOf: (update: Polynomial) => Term | undefined,
): Term | undefined {
  const indicators = [...polynomialVariables(update)].filter((name) => {
    const term = atoms.termOf(name);
    return (
      term !== undefined &&
      term.kind === 'apply' &&
      term.operator === 'ite' &&
      term.arguments[1]!.kind === 'intConstant' &&
      term.arguments[1]!.value === 1n &&
      term.arguments[2]!.kind === 'intConstant' &&
      term.arguments[2]!.value === 0n
    );
  });
  if (indicators.length === 0 || indicators.length > 2) return undefined;
  const split = (current: Polynomial, remaining: readonly string[]): Term | undefined => {
    if (remaining.length === 0) return formOf(current);
    const [name, ...rest] = remaining as [string, ...string[]];
    const whenTrue = split(substitutePolynomial(current, new Map([[name, constantPolynomial(1n)]])), rest);
    const whenFalse =
      whenTrue === undefined
        ? undefined
        : split(substitutePolynomial(current, new Map([[name, constantPolynomial(0n)]])), rest);
    if (whenTrue === undefined || whenFalse === undefined) return undefined;
    const indicator = atoms.termOf(name)! as Extract<Term, { kind: 'apply' }>;
    return ite(indicator.arguments[0]!, whenTrue, whenFalse);
  };
  return split(update, indicators);
}

const iterationName = '#cell-n';
const countName = '#cell-count';
