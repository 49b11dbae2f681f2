// One loop of the viap translation (VIAP paper, Sect. 2): an explicit iteration counter n, the
// values at the start of iteration n as functions of n (forms.ts for scalars and invariant cells,
// arrays.ts for the arrays written at moving indices), and the number of iterations N_L.
//
// The run. With ok(n) the facts of the body at iteration n (assumptions, asserted conditions,
// definedness) and c(n) the loop condition, a run that leaves the loop after N_L iterations
// satisfies N_L >= 0, ∀n < N_L. c(n) ∧ ok(n) and ¬c(N_L). When c(n) is s·n + b < 0 in disguise
// (i < E, i <= E, i > E, i >= E with i moving by a constant), N_L = max(0, ⌈−b/s⌉) replaces the
// quantified condition (they are equivalent). An assert of the body that fails at iteration k
// becomes an obligation with k existential: k >= 0, c(k), ∀n < k. c(n) ∧ ok(n), and the body's
// failure at k. The functions take the enclosing loops' counters P as first arguments (the
// paper's N_1(n_2) for nested loops). With `break`: ok(n) also says that iteration n did not
// break, the exit is ¬c(N_L) or a break taken at N_L (then the state after the loop is that
// break's), and N_L <= the count instead of N_L = the count.
//
// Soundness: the definitions hold for every n >= 0 whatever the run does (they define functions by
// recursion); a run's state after t complete iterations equals these functions at t.

import { degreeIn, subtractPolynomials, zeroPolynomial } from '../../analysis/polynomial.js';
import type { ArrayVariable } from '../../ir/types.js';
import { writtenVariables } from '../../ir/visit.js';
import { formatTerm } from '../../smt/format.js';
import {
  add,
  and,
  equal,
  euclideanDivide,
  forall,
  greater,
  implies,
  intConstant,
  intSort,
  ite,
  less,
  lessEqual,
  not,
  or,
  substituteTerm,
  trueTerm,
  type SymbolTerm,
  type Term,
} from '../../smt/terms.js';
import { arrayPlans, arrayViewAt, describeArray, recurrenceAxioms } from './arrays.js';
import { changePoints } from './change-points.js';
import {
  computeSlotForms,
  iterationFrame,
  polynomialAt,
  slotName,
  slotValueAt,
  valueAfter,
  type SlotForms,
} from './forms.js';
import type { ArrayPlan, LoopContext } from './loop-context.js';
import type { ExitCount } from './loop-facts.js';
import { AtomTable, belowZeroForm, polynomialTerm, splitAffine, termPolynomial } from './polynomial-terms.js';
import {
  Collector,
  type ArrayView,
  type ExecutionState,
  type IterationCountSite,
  type LoopSummariser,
  type WriteRecord,
} from './translate.js';

export const summariseLoop: LoopSummariser = async (translator, loop, frame, collector, state, parameters) => {
  // an assert of the body that fails ends the run inside the loop: the loop's own exit facts
  // (added below) must not be among the facts before it
  const factsBefore = and(...frame.facts);
  const written = writtenVariables(loop.body, loop.update);
  const context: LoopContext = {
    translator,
    loop,
    state,
    parameters,
    counter: translator.freshSymbol(`n_L${loop.id}`, intSort),
    scalars: [...written.scalars.values()],
    arrays: [...written.arrays.values()],
    atoms: new AtomTable(),
    initialByPlaceholder: new Map(),
    factsBefore,
    enclosing: frame.context,
  };
  const inner = [...parameters, context.counter];
  const forms = await computeSlotForms(context, collector);
  const plans = await arrayPlans(context, forms, collector);
  const viewAt = (array: ArrayVariable, at: Term): ArrayView =>
    arrayViewAt(context, forms, plans.get(array.id)!, array, at);
  const stateAt = (at: Term): ExecutionState => {
    const scalars = new Map(state.scalars);
    for (const slot of forms.slots)
      if (slot.kind === 'scalar')
        scalars.set(slot.variable.id, slotValueAt(context, slot, forms.forms.get(slot.key)!, at));
    const arrays = new Map(state.arrays);
    for (const array of context.arrays) arrays.set(array.id, viewAt(array, at));
    return { scalars, arrays, guard: trueTerm, writes: new Map() };
  };

  // the body at iteration n, for real
  const atCounter = stateAt(context.counter);
  const bodyCollector = new Collector();
  const condition = translator.condition(loop.condition, atCounter, bodyCollector);
  const bodyFrame = iterationFrame(context, atCounter);
  const { after, breaks } = await translator.executeIteration(loop, bodyFrame, bodyCollector, atCounter, inner);
  collector.absorb(bodyCollector);

  const counter = context.counter;
  const at = (term: Term, value: Term): Term => substituteTerm(term, new Map([[counter.name, value]]));
  const ok = and(condition.definedness, ...bodyFrame.facts);
  // iteration n leaves the loop through a break (given c(n) and ok(n)) or runs to its end
  const breaking = or(...breaks.map((jump) => jump.guard));
  const completes = and(ok, not(breaking));
  const candidateExit = exitCount(condition.term, counter);
  // with breaks the loop may stop before the count: N_L <= count only; max(0, q) is q where the
  // facts before the loop show q >= 0 (nonlinear closed forms over max(0, N) defeat the solver)
  const nonNegative =
    candidateExit !== undefined &&
    (breaks.length === 0 || candidateExit.onlyWhenNonNegative) &&
    translator.decide !== undefined &&
    (await translator.decide(
      [...frame.context, factsBefore, state.guard],
      lessEqual(intConstant(0n), candidateExit.quotientTerm),
    ));
  const exit = candidateExit?.onlyWhenNonNegative === true && !nonNegative ? undefined : candidateExit;
  let count = breaks.length === 0 ? exit?.count : undefined;
  if (count !== undefined && exit !== undefined && nonNegative) count = exit.quotientTerm;
  await recurrenceAxioms(
    context,
    forms,
    plans,
    after,
    collector,
    count === undefined ? undefined : { count, condition: and(condition.definedness, condition.term) },
  );
  const iterations = translator.freshValue(`N_L${loop.id}`, intSort, parameters, collector);
  const site: IterationCountSite | undefined =
    parameters.length === 0 && iterations.kind === 'symbol'
      ? { location: loop.location, iterations, exit, recurrences: recurrenceValues(context, forms, after) }
      : undefined;
  if (site !== undefined) collector.sites.push(site);
  const inRange = (bound: Term): Term => and(lessEqual(intConstant(0n), counter), less(counter, bound));
  const allBefore = (bound: Term, withCondition: boolean): Term => {
    const body = withCondition ? and(condition.term, completes) : completes;
    return body.kind === 'boolConstant' && body.value ? trueTerm : forall([counter], implies(inRange(bound), body));
  };
  frame.addFact(state.guard, lessEqual(intConstant(0n), iterations));
  if (count !== undefined) {
    frame.addFact(state.guard, and(equal(iterations, count), allBefore(iterations, false)));
  } else {
    const leaves = or(
      not(at(condition.term, iterations)),
      and(at(condition.term, iterations), at(ok, iterations), at(breaking, iterations)),
    );
    frame.addFact(state.guard, and(allBefore(iterations, true), at(condition.definedness, iterations), leaves));
    if (exit !== undefined) frame.addFact(state.guard, lessEqual(iterations, exit.count));
  }
  for (const obligation of bodyFrame.obligations) {
    const failing = translator.freshSymbol(`k_L${loop.id}`, intSort);
    collector.constants.push(failing);
    const reached =
      count !== undefined
        ? and(less(failing, count), allBefore(failing, false))
        : and(allBefore(failing, true), at(condition.term, failing));
    frame.obligations.push({
      facts: factsBefore,
      failure: and(
        state.guard,
        lessEqual(intConstant(0n), failing),
        reached,
        at(condition.definedness, failing),
        at(obligation.facts, failing),
        at(obligation.failure, failing),
      ),
      relaxedFailure: and(
        state.guard,
        lessEqual(intConstant(0n), failing),
        count !== undefined ? less(failing, count) : at(condition.term, failing),
        at(condition.definedness, failing),
        at(obligation.relaxedFailure, failing),
      ),
      skolems: [...obligation.skolems, failing],
      location: obligation.location,
      guard: state.guard,
      ...(site === undefined || count === undefined ? {} : { failingIteration: { site, failing, count } }),
    });
  }
  collector.reports.push({ location: loop.location, lines: describeLoop(context, forms, plans, iterations, count) });

  // inside another loop the count itself (not the function N_L(P)) goes into the state after the
  // loop, so the enclosing loop's closed forms can read it (s += N per outer iteration)
  const exitAt = count !== undefined && parameters.length > 0 ? count : iterations;
  const final = afterBreaks(stateAt(exitAt), breaks, (term) => at(term, iterations), at(condition.term, iterations));
  const writes = new Map(state.writes);
  for (const [id, records] of after.writes) {
    const widened = records.map((record): WriteRecord => ({
      indices: record.indices,
      wildcards: [...record.wildcards, counter],
    }));
    writes.set(id, [...(writes.get(id) ?? []), ...widened]);
  }
  return { scalars: final.scalars, arrays: final.arrays, guard: state.guard, writes };
};

/** the state after the loop: a break's state where iteration N_L took it, else the state at N_L */
function afterBreaks(
  normal: ExecutionState,
  breaks: readonly ExecutionState[],
  atExit: (term: Term) => Term,
  conditionAtExit: Term,
): ExecutionState {
  let result = normal;
  for (const jump of breaks) {
    const taken = and(conditionAtExit, atExit(jump.guard));
    const scalars = new Map(result.scalars);
    for (const [id, value] of result.scalars) {
      const broken = atExit(jump.scalars.get(id)!);
      if (broken !== value) scalars.set(id, ite(taken, broken, value));
    }
    const arrays = new Map(result.arrays);
    for (const [id, view] of result.arrays) {
      const brokenView = jump.arrays.get(id)!;
      if (brokenView === view) continue;
      arrays.set(id, { read: (indices) => ite(taken, atExit(brokenView.read(indices)), view.read(indices)) });
    }
    result = { ...result, scalars, arrays };
  }
  return result;
}

/**
 * N_L = max(0, ⌈−b/s⌉) when the condition is s·n + b < 0 in disguise (s > 0); N_L = −b when it is
 * ±(n + b) != 0 and −b >= 0 (onlyWhenNonNegative); else undefined
 */
export function exitCount(condition: Term, counter: SymbolTerm): ExitCount | undefined {
  const disequality =
    condition.kind === 'apply' &&
    condition.operator === 'not' &&
    condition.arguments[0]!.kind === 'apply' &&
    condition.arguments[0]!.operator === '='
      ? condition.arguments[0]!
      : undefined;
  const comparison = disequality ?? condition;
  if (comparison.kind !== 'apply' || comparison.arguments.length !== 2) return undefined;
  const atoms = new AtomTable();
  const varying = new Set([counter.name]);
  const left = termPolynomial(comparison.arguments[0]!, varying, atoms);
  const right = termPolynomial(comparison.arguments[1]!, varying, atoms);
  if (left === undefined || right === undefined) return undefined;
  if (disequality !== undefined) {
    const difference = subtractPolynomials(left, right);
    if (degreeIn(difference, counter.name) !== 1) return undefined;
    const { slope, rest } = splitAffine(difference, counter.name);
    if (slope !== 1n && slope !== -1n) return undefined;
    // slope·n + rest != 0 iff n != −rest/slope: the loop stops first at n = −slope·rest
    const minusBPolynomial = slope === 1n ? subtractPolynomials(zeroPolynomial, rest) : rest;
    const quotientTerm = polynomialTerm(minusBPolynomial, (name) => atoms.termOf(name)!);
    return { count: quotientTerm, quotientTerm, quotient: minusBPolynomial, atoms, onlyWhenNonNegative: true };
  }
  const negative = belowZeroForm(comparison.operator, left, right); // the condition is `negative < 0`
  if (negative === undefined || degreeIn(negative, counter.name) !== 1) return undefined;
  const { slope, rest: constantPart } = splitAffine(negative, counter.name);
  if (slope === undefined || slope <= 0n) return undefined;
  // n < ⌈−b/s⌉ = (−b + s − 1) div s
  const minusBPolynomial = subtractPolynomials(zeroPolynomial, constantPart);
  const minusB = polynomialTerm(minusBPolynomial, (name) => atoms.termOf(name)!);
  const quotient = slope === 1n ? minusB : euclideanDivide(add(minusB, intConstant(slope - 1n)), intConstant(slope));
  return {
    count: ite(greater(quotient, intConstant(0n)), quotient, intConstant(0n)),
    quotientTerm: quotient,
    quotient: slope === 1n ? minusBPolynomial : undefined,
    atoms,
    onlyWhenNonNegative: false,
  };
}

function describeLoop(
  context: LoopContext,
  forms: SlotForms,
  plans: ReadonlyMap<number, ArrayPlan>,
  iterations: Term,
  count: Term | undefined,
): string[] {
  const { loop, counter } = context;
  const lines = [
    `loop at ${loop.location.line}:${loop.location.column}: iteration counter ${counter.name}, ${formatTerm(iterations)} iterations${count === undefined ? ' (exit: the condition fails first at N_L)' : ` = ${formatTerm(count)}`}`,
  ];
  for (const slot of forms.slots) {
    const form = forms.forms.get(slot.key)!;
    if (form.kind === 'recurrence') {
      lines.push(`  ${slotName(slot)}(n): recurrence ${form.function.name}(…, n + 1) = body(n)`);
      continue;
    }
    if (form.kind === 'counted') {
      lines.push(`  ${slotName(slot)}(n) = ${formatTerm(form.value)} (a sum of conditional steps)`);
      continue;
    }
    const text = formatTerm(polynomialAt(context, form.form.value, counter));
    lines.push(`  ${slotName(slot)}(n) = ${text}${form.form.kind === 'polynomial' ? '' : ' for n >= 1'}`);
  }
  for (const array of context.arrays) {
    const line = describeArray(array, plans.get(array.id)!);
    if (line !== undefined) lines.push(`  ${line}`);
  }
  return lines;
}

/** the loop's scalars defined by a recurrence function, each as its value at an iteration (IterationCountSite) */
/** the change points kept per recurrence (each one induction candidate) */
const maximumChangePoints = 2;

function recurrenceValues(
  context: LoopContext,
  forms: SlotForms,
  after: ExecutionState,
): IterationCountSite['recurrences'] {
  return forms.slots.flatMap((slot) => {
    const form = forms.forms.get(slot.key)!;
    if (slot.kind !== 'scalar' || form.kind !== 'recurrence' || form.derived !== undefined) return [];
    return [
      {
        name: slotName(slot),
        sort: form.function.resultSort,
        valueAt: (at: Term) => slotValueAt(context, slot, form, at),
        points: changePoints(valueAfter(slot, after), context.counter, maximumChangePoints),
      },
    ];
  });
}
