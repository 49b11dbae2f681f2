// The values of a loop's slots at the start of iteration n (viap encoding, loops.ts): a slot is a
// modified scalar, or a cell of an array that the loop writes only at loop-invariant indices (an
// accumulator `s[0] += …` is a slot like a scalar). The body is executed over placeholders for the
// slots' values at the start of an iteration; updates that are polynomial (loop-invariant conditions
// become 0/1 indicators) go through analysis/closed-forms.ts (degree <= 3), and the slot's value at
// n is its closed form. Every other slot is a fresh function x_L(P, n) whose recurrence
// (x_L(P, 0) = the value before the loop, x_L(P, n + 1) = the body at n) loops.ts states.
//
// Soundness: a closed form is a proven polynomial identity of the update over the integers (int
// semantics); the cells of a cell array are exactly the loop-invariant indices the body writes, so
// every other cell keeps its value before the loop. An array's placeholder at the start of an
// iteration (`a!start`) is varying like the slots' placeholders: a read of it is never a
// loop-invariant atom, so no form keeps it (it is never declared to the solver).

import { computeClosedForms, type ClosedForm } from '../../analysis/closed-forms.js';
import type { Polynomial } from '../../analysis/polynomial.js';
import type { ArrayVariable, ScalarVariable } from '../../ir/types.js';
import { printTerm } from '../../smt/printer.js';
import {
  and,
  applyFunction,
  declareFunction,
  equal,
  implies,
  intConstant,
  intSort,
  ite,
  lessEqual,
  not,
  substituteTerm,
  trueTerm,
  falseTerm,
  type FunctionDeclaration,
  type SymbolTerm,
  type Term,
} from '../../smt/terms.js';
import { arrayVariableSort, scalarSort } from '../../symbolic/expressions.js';
import { countedSum } from './counted-sums.js';
import { dependsOn, polynomialTerm, termPolynomial } from './polynomial-terms.js';
import { simplifyTerm, withOperands } from './simplify.js';
import type { LoopContext } from './loop-context.js';
import {
  Collector,
  Frame,
  sameIndex,
  storeView,
  termView,
  type ArrayView,
  type ExecutionState,
  type Translator,
} from './translate.js';
import type { Block } from '../../ir/types.js';
import { forEachStatement } from '../../ir/visit.js';

const iterationName = '#n';

/**
 * the largest degree of a closed form in the iteration count: a sum of cubes (degree 4) still has one;
 * every form is proven (closed-forms.ts), so the bound only limits the size of the queries
 */
export const maximumClosedFormDegree = 4;

export type Slot =
  | { readonly kind: 'scalar'; readonly key: string; readonly variable: ScalarVariable }
  | { readonly kind: 'cell'; readonly key: string; readonly array: ArrayVariable; readonly indices: readonly Term[] };

export type SlotForm =
  | { readonly kind: 'closed'; readonly form: Extract<ClosedForm, { kind: 'polynomial' | 'fromFirstIteration' }> }
  | {
      readonly kind: 'recurrence';
      readonly function: FunctionDeclaration;
      /**
       * the value at n as a term over the counter, found once the body is known through the cells'
       * forms of the arrays it reads (pointwise-forms.ts); set after the body ran, so only the views after
       * the loop (at its count) read through it
       */
      derived?: Term;
    }
  /** a sum of conditional steps (counted-sums.ts): the value at n >= 0 as a term over the counter */
  | { readonly kind: 'counted'; readonly value: Term };

/** the most conditions one loop asks the solver about */
export const maximumQuestions = 24;

export interface SlotForms {
  readonly slots: readonly Slot[];
  readonly forms: ReadonlyMap<string, SlotForm>;
  /** the arrays written only at loop-invariant cells: their slots, in the order of the body's first
   *  writes (a later slot's cell may alias an earlier one; the later check wins, as in the body) */
  readonly cellArrays: ReadonlyMap<number, readonly Extract<Slot, { kind: 'cell' }>[]>;
}

export function slotName(slot: Slot): string {
  return slot.kind === 'scalar'
    ? slot.variable.sourceName
    : `${slot.array.sourceName}[${slot.indices.map(printTerm).join('][')}]`;
}

export function initialValue(context: LoopContext, slot: Slot): Term {
  return slot.kind === 'scalar'
    ? context.state.scalars.get(slot.variable.id)!
    : context.state.arrays.get(slot.array.id)!.read(slot.indices);
}

export function valueAfter(slot: Slot, after: ExecutionState): Term {
  return slot.kind === 'scalar'
    ? after.scalars.get(slot.variable.id)!
    : after.arrays.get(slot.array.id)!.read(slot.indices);
}

/**
 * the frame of one iteration run from `start` (the state at iteration n): its context is what holds
 * there (around the loop, before it, 0 <= n and the loop condition), for the inner loops' questions
 */
export function iterationFrame(context: LoopContext, start: ExecutionState, known: readonly Term[] = []): Frame {
  const condition = context.translator.condition(context.loop.condition, start, new Collector());
  return new Frame(true, [
    ...context.enclosing,
    context.factsBefore,
    context.state.guard,
    lessEqual(intConstant(0n), context.counter),
    ...known,
    condition.definedness,
    condition.term,
  ]);
}

/** one iteration from the given start; `known` holds of the start's placeholders (closed forms found) */
async function runBody(
  context: LoopContext,
  scalars: Map<number, Term>,
  arrays: Map<number, ArrayView>,
  known: readonly Term[] = [],
): Promise<ExecutionState> {
  const { translator, loop } = context;
  const start: ExecutionState = { scalars, arrays, guard: trueTerm, writes: new Map() };
  const iteration = await translator.executeIteration(
    loop,
    iterationFrame(context, start, known),
    new Collector(),
    start,
    [...context.parameters, context.counter],
  );
  return iteration.after;
}

function containsLoop(block: Block): boolean {
  let found = false;
  forEachStatement(block, (statement) => {
    if (statement.kind === 'loop') found = true;
  });
  return found;
}

/** the arrays whose writes all hit indices that do not change during the loop, with those cells */
function findCellArrays(
  context: LoopContext,
  run: ExecutionState,
  varying: ReadonlySet<string>,
): Map<number, Term[][]> {
  const result = new Map<number, Term[][]>();
  for (const array of context.arrays) {
    const records = run.writes.get(array.id) ?? [];
    if (records.length === 0) continue;
    const cells = new Map<string, Term[]>();
    let invariant = true;
    for (const record of records) {
      const moving = new Set([...varying, ...record.wildcards.map((wildcard) => wildcard.name)]);
      if (record.indices === 'everywhere' || record.indices.some((index) => dependsOn(index, moving))) {
        invariant = false;
        break;
      }
      cells.set(record.indices.map(printTerm).join(','), [...record.indices]);
    }
    if (invariant) result.set(array.id, [...cells.values()]);
  }
  return result;
}

export async function computeSlotForms(context: LoopContext, collector: Collector): Promise<SlotForms> {
  const { translator, state, loop } = context;
  const placeholders = new Map<string, SymbolTerm>();
  const scalars = new Map(state.scalars);
  const slots: Slot[] = [];
  for (const variable of context.scalars) {
    const slot: Slot = { kind: 'scalar', key: `scalar:${variable.id}`, variable };
    const placeholder = translator.freshSymbol(`${variable.name}!start`, scalarSort(variable.type, 'int'));
    placeholders.set(slot.key, placeholder);
    scalars.set(variable.id, placeholder);
    slots.push(slot);
  }
  const arraySymbols = new Map<number, SymbolTerm>();
  for (const array of context.arrays)
    arraySymbols.set(array.id, translator.freshSymbol(`${array.name}!start`, arrayVariableSort(array, 'int')));
  const arrayPlaceholders = new Map([...arraySymbols].map(([id, placeholder]) => [id, termView(placeholder)]));
  // the arrays' placeholders vary too: a read of one (a[2] in `s += a[2]`) is the cell's value at
  // iteration n, never a loop-invariant atom (and they are never declared: no form may keep them)
  const varying = new Set<string>([
    context.counter.name,
    ...[...placeholders.values()].map((placeholder) => placeholder.name),
    ...[...arraySymbols.values()].map((placeholder) => placeholder.name),
  ]);
  const first = await runBody(context, scalars, new Map([...state.arrays, ...arrayPlaceholders]));
  const cellIndices = findCellArrays(context, first, varying);

  // the cells of cell arrays get placeholders too
  const arrays = new Map([...state.arrays, ...arrayPlaceholders]);
  const cellArrays = new Map<number, Extract<Slot, { kind: 'cell' }>[]>();
  for (const array of context.arrays) {
    const cells = cellIndices.get(array.id);
    if (cells === undefined) continue;
    // the cells over the array before the loop: no other cell is written (cellArrayViewAt)
    let view = state.arrays.get(array.id)!;
    const arraySlots: Extract<Slot, { kind: 'cell' }>[] = [];
    cells.forEach((indices, index) => {
      const slot: Extract<Slot, { kind: 'cell' }> = { kind: 'cell', key: `cell:${array.id}:${index}`, array, indices };
      const placeholder = translator.freshSymbol(
        `${array.name}!cell${index}!start`,
        scalarSort(array.elementType, 'int'),
      );
      placeholders.set(slot.key, placeholder);
      varying.add(placeholder.name);
      view = storeView(view, indices, placeholder);
      arraySlots.push(slot);
      slots.push(slot);
    });
    arrays.set(array.id, view);
    cellArrays.set(array.id, arraySlots);
  }
  const run = cellArrays.size === 0 ? first : await runBody(context, scalars, arrays);
  const updates = new Map<string, Polynomial | undefined>();
  for (const slot of slots) {
    const placeholder = placeholders.get(slot.key)!;
    context.initialByPlaceholder.set(placeholder.name, initialValue(context, slot));
    updates.set(placeholder.name, termPolynomial(simplifyTerm(valueAfter(slot, run)), varying, context.atoms));
  }
  let solved = computeClosedForms(
    { updates },
    { iterationVariable: iterationName, maximumDegree: maximumClosedFormDegree },
  );
  const unsolved = slots.filter((slot) => solved.get(placeholders.get(slot.key)!.name)!.kind === 'undefined');
  /** the second pass's updates of the slots it was run for, and the closed forms at the counter */
  const decidedUpdates = new Map<string, Term>();
  const atCounter = new Map<string, Term>();
  if (unsolved.length > 0 && translator.decide !== undefined) {
    // the second pass: conditions of the updates decided under the facts before the loop, 0 <= n
    // and the loop condition at n (with the closed forms found so far); the forms found then hold
    // for the iterations the loop runs, which is all that is ever asked of them
    const known: Term[] = [];
    for (const slot of slots) {
      const placeholder = placeholders.get(slot.key)!;
      const form = solved.get(placeholder.name)!;
      if (form.kind === 'undefined') continue;
      const value = polynomialAt(context, form.value, context.counter);
      const valueAtCounter =
        form.kind === 'polynomial'
          ? value
          : ite(equal(context.counter, intConstant(0n)), initialValue(context, slot), value);
      atCounter.set(placeholder.name, valueAtCounter);
      known.push(equal(placeholder, valueAtCounter));
    }
    // inner loops run again knowing the closed forms found (their questions may need i = n)
    const second = containsLoop(loop.body) && known.length > 0 ? await runBody(context, scalars, arrays, known) : run;
    const condition = translator.condition(
      loop.condition,
      { scalars, arrays, guard: trueTerm, writes: new Map() },
      new Collector(),
    );
    const assumptions = [
      ...context.enclosing,
      context.factsBefore,
      context.state.guard,
      lessEqual(intConstant(0n), context.counter),
      substituteTerm(and(condition.definedness, condition.term), atCounter),
    ];
    const questions = { left: maximumQuestions };
    for (const slot of unsolved) {
      const placeholder = placeholders.get(slot.key)!;
      const simplified = await decideConditions(
        simplifyTerm(valueAfter(slot, second)),
        atCounter,
        assumptions,
        translator.decide,
        questions,
      );
      decidedUpdates.set(slot.key, simplified);
      updates.set(placeholder.name, termPolynomial(simplified, varying, context.atoms));
    }
    solved = computeClosedForms(
      { updates },
      { iterationVariable: iterationName, maximumDegree: maximumClosedFormDegree },
    );
  }
  const forms = new Map<string, SlotForm>();
  for (const slot of slots) {
    const form = solved.get(placeholders.get(slot.key)!.name)!;
    if (form.kind !== 'undefined') {
      forms.set(slot.key, { kind: 'closed', form });
      continue;
    }
    const decided = decidedUpdates.get(slot.key);
    const counted =
      decided === undefined
        ? undefined
        : countedSum(
            simplifyTerm(substituteTerm(decided, atCounter)),
            placeholders.get(slot.key)!,
            context.counter,
            initialValue(context, slot),
            varying,
          );
    if (counted !== undefined) {
      forms.set(slot.key, { kind: 'counted', value: counted });
      continue;
    }
    const base = slot.kind === 'scalar' ? slot.variable.name : `${slot.array.name}_cell`;
    const sort =
      slot.kind === 'scalar' ? scalarSort(slot.variable.type, 'int') : scalarSort(slot.array.elementType, 'int');
    const declaration = declareFunction(
      translator.freshName(`${base}_L${loop.id}`),
      [...context.parameters.map((parameter) => parameter.sort), intSort],
      sort,
    );
    collector.functions.push(declaration);
    forms.set(slot.key, { kind: 'recurrence', function: declaration });
  }
  return { slots, forms, cellArrays };
}

/** the term with each `ite` whose condition the assumptions decide replaced by the branch taken */
export async function decideConditions(
  term: Term,
  replacements: ReadonlyMap<string, Term>,
  assumptions: readonly Term[],
  decide: NonNullable<Translator['decide']>,
  questions: { left: number },
): Promise<Term> {
  if (term.kind !== 'apply') return term;
  if (term.operator === 'ite' && term.arguments[0]!.kind !== 'boolConstant' && questions.left > 0) {
    // the conjuncts that hold wherever the loop runs are dropped from the condition first
    const reduced = await undecidedConjuncts(term.arguments[0]!, replacements, assumptions, decide, questions);
    const condition = substituteTerm(reduced, replacements);
    if (condition.kind === 'boolConstant')
      return decideConditions(term.arguments[condition.value ? 1 : 2]!, replacements, assumptions, decide, questions);
    questions.left--;
    if (questions.left >= 0 && (await decide(assumptions, condition)))
      return decideConditions(term.arguments[1]!, replacements, assumptions, decide, questions);
    questions.left--;
    if (questions.left >= 0 && (await decide(assumptions, not(condition))))
      return decideConditions(term.arguments[2]!, replacements, assumptions, decide, questions);
    // both sides occur, but where the condition holds the branches agree (ite(i <= 0, 0, i) with
    // i >= 0): the other branch alone
    questions.left--;
    if (questions.left >= 0 && term.arguments[1]!.sort.kind === 'int') {
      const branchesAgree = equal(
        substituteTerm(term.arguments[1]!, replacements),
        substituteTerm(term.arguments[2]!, replacements),
      );
      if (await decide(assumptions, implies(condition, branchesAgree)))
        return decideConditions(term.arguments[2]!, replacements, assumptions, decide, questions);
    }
    // both sides occur: each branch is decided knowing the condition (or its negation) holds there
    const kept = await decideConditions(reduced, replacements, assumptions, decide, questions);
    const narrowed = substituteTerm(kept, replacements);
    const branch = async (value: Term, known: readonly Term[]): Promise<Term> =>
      decidedAtom(
        await decideConditions(value, replacements, known, decide, questions),
        replacements,
        known,
        decide,
        questions,
      );
    return ite(
      kept,
      await branch(term.arguments[1]!, [...assumptions, narrowed]),
      await branch(term.arguments[2]!, [...assumptions, not(narrowed)]),
    );
  }
  const operands: Term[] = [];
  for (const operand of term.arguments)
    operands.push(await decideConditions(operand, replacements, assumptions, decide, questions));
  return withOperands(term, operands);
}

/** a comparison of integers (the branch of a boolean ite) replaced by true or false where the assumptions decide it */
async function decidedAtom(
  term: Term,
  replacements: ReadonlyMap<string, Term>,
  assumptions: readonly Term[],
  decide: NonNullable<Translator['decide']>,
  questions: { left: number },
): Promise<Term> {
  const comparison =
    term.kind === 'apply' &&
    ['=', '<', '<=', '>', '>='].includes(term.operator) &&
    term.arguments.length === 2 &&
    term.arguments[0]!.sort.kind === 'int';
  if (!comparison || questions.left <= 0) return term;
  const atom = substituteTerm(term, replacements);
  questions.left--;
  if (await decide(assumptions, atom)) return trueTerm;
  questions.left--;
  if (questions.left >= 0 && (await decide(assumptions, not(atom)))) return falseTerm;
  return term;
}

/** the conjunction without the conjuncts (of two or more) that the assumptions decide true (true when all are) */
async function undecidedConjuncts(
  condition: Term,
  replacements: ReadonlyMap<string, Term>,
  assumptions: readonly Term[],
  decide: NonNullable<Translator['decide']>,
  questions: { left: number },
): Promise<Term> {
  if (condition.kind !== 'apply' || condition.operator !== 'and') return condition;
  const kept: Term[] = [];
  for (const conjunct of condition.arguments) {
    questions.left--;
    if (questions.left >= 0 && (await decide(assumptions, substituteTerm(conjunct, replacements)))) continue;
    kept.push(conjunct);
  }
  return kept.length === condition.arguments.length ? condition : and(...kept);
}

export function polynomialAt(context: LoopContext, polynomial: Polynomial, at: Term): Term {
  return polynomialTerm(polynomial, (name) => {
    if (name === iterationName) return at;
    const term = context.initialByPlaceholder.get(name) ?? context.atoms.termOf(name);
    if (term === undefined) throw new Error(`internal: viap: unknown polynomial variable ${name}`);
    return term;
  });
}

export function slotValueAt(context: LoopContext, slot: Slot, form: SlotForm, at: Term): Term {
  switch (form.kind) {
    case 'closed': {
      const value = polynomialAt(context, form.form.value, at);
      if (form.form.kind === 'polynomial') return value;
      return ite(equal(at, intConstant(0n)), initialValue(context, slot), value);
    }
    case 'recurrence':
      return form.derived === undefined
        ? applyFunction(form.function, [...context.parameters, at])
        : substituteTerm(form.derived, new Map([[context.counter.name, at]]));
    case 'counted':
      return substituteTerm(form.value, new Map([[context.counter.name, at]]));
    default: {
      const never: never = form;
      throw new Error(`unknown form ${JSON.stringify(never)}`);
    }
  }
}

/** a cell array at the start of iteration `at`: its cells' values, the rest as before the loop */
export function cellArrayViewAt(context: LoopContext, forms: SlotForms, array: ArrayVariable, at: Term): ArrayView {
  const before = context.state.arrays.get(array.id)!;
  const slots = forms.cellArrays.get(array.id)!;
  return {
    read: (indices) =>
      slots.reduce<Term>((rest, slot) => {
        const same = and(...indices.map((index, dimension) => sameIndex(index, slot.indices[dimension]!)));
        if (same.kind === 'boolConstant')
          return same.value ? slotValueAt(context, slot, forms.forms.get(slot.key)!, at) : rest;
        return ite(same, slotValueAt(context, slot, forms.forms.get(slot.key)!, at), rest);
      }, before.read(indices)),
  };
}
