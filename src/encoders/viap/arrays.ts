// The arrays a loop writes (viap encoding, VIAP paper Sect. 3.1: instantiation), as seen at the
// start of iteration t (loops.ts):
// - cell arrays (written only at loop-invariant cells): their cells are slots (forms.ts);
// - instantiated: every write of the body hits, in one dimension d, the index s·n + c_k (s a
//   non-zero integer, the same for all writes; with |s| = 1 one offset c, with |s| > 1 constant
//   offsets in distinct residue classes). Different iterations then write disjoint cells, so a cell
//   keeps the value its own iteration left. With a fresh function W_a:
//     a at the start of iteration t, cell r = ite(r_d was written before t, W_a(P, r), a_before(r)),
//     ∀P, r. r_d = s·q + c_k, q >= 0  ⇒  W_a(P, r) = (a after the body of iteration q)(r),
//   where the body's reads of a use the first line at t = q (well-founded: earlier iterations only);
// - otherwise a fresh function A_L(P, n) of arrays with its recurrence as axioms.
//
// Soundness: the disjointness is decided on the index polynomials (exact, int semantics), and the
// axioms define W_a and A_L by well-founded recursion, so they hold whatever the run does.

import { degreeIn, isConstantPolynomial, subtractPolynomials, type Polynomial } from '../../analysis/polynomial.js';
import type { ArrayVariable } from '../../ir/types.js';
import { formatTerm } from '../../smt/format.js';
import {
  add,
  and,
  applyFunction,
  containsSubterm,
  multiply,
  negate,
  declareFunction,
  equal,
  euclideanDivide,
  euclideanModulo,
  forall,
  implies,
  intConstant,
  intSort,
  ite,
  less,
  lessEqual,
  select,
  substituteTerm,
  trueTerm,
  type SymbolTerm,
  type Term,
} from '../../smt/terms.js';
import { arrayVariableSort, scalarSort } from '../../symbolic/expressions.js';
import {
  cellArrayViewAt,
  initialValue,
  polynomialAt,
  slotName,
  slotValueAt,
  valueAfter,
  type SlotForms,
  iterationFrame,
} from './forms.js';
import type { ArrayPlan, LoopContext } from './loop-context.js';
import { decidedPointwiseForm, pointwiseClosedForm, slotFormThroughCells, type RunRange } from './pointwise-forms.js';
import { dependsOn, splitAffine, termPolynomial } from './polynomial-terms.js';
import { indexRecurrenceLemma } from './index-recurrences.js';
import { writtenValueLemmas, type UnresolvedArray } from './written-values.js';
import { orderLemmas } from './monotone.js';
import { constantDifference, pinCellIndices, simplifyTerm } from './simplify.js';
import { Collector, termView, type ArrayView, type ExecutionState, type WriteRecord } from './translate.js';

/** how each written array is described: by instantiation at disjoint cells, or by a recurrence */
export async function arrayPlans(
  context: LoopContext,
  forms: SlotForms,
  collector: Collector,
): Promise<Map<number, ArrayPlan>> {
  const { translator, state, loop, counter } = context;
  const scalars = new Map(state.scalars);
  for (const slot of forms.slots)
    if (slot.kind === 'scalar')
      scalars.set(slot.variable.id, slotValueAt(context, slot, forms.forms.get(slot.key)!, counter));
  const arrays = new Map(state.arrays);
  for (const array of context.arrays) {
    arrays.set(
      array.id,
      forms.cellArrays.has(array.id)
        ? cellArrayViewAt(context, forms, array, counter)
        : termView(translator.freshSymbol(`${array.name}!probe`, arrayVariableSort(array, 'int'))),
    );
  }
  const start: ExecutionState = { scalars, arrays, guard: trueTerm, writes: new Map() };
  const probe = (
    await translator.executeIteration(loop, iterationFrame(context, start), new Collector(), start, [
      ...context.parameters,
      counter,
    ])
  ).after;
  const plans = new Map<number, ArrayPlan>();
  for (const array of context.arrays) {
    if (forms.cellArrays.has(array.id)) {
      plans.set(array.id, { kind: 'cells' });
      continue;
    }
    const records = probe.writes.get(array.id) ?? [];
    const found = disjointWrites(context, array, records);
    const parameterSorts = context.parameters.map((parameter) => parameter.sort);
    if (found.kind === 'disjoint') {
      const indexSorts = array.sizes.map(() => intSort);
      const declaration = declareFunction(
        translator.freshName(`${array.name}_W${loop.id}`),
        [...parameterSorts, ...indexSorts],
        scalarSort(array.elementType, 'int'),
      );
      collector.functions.push(declaration);
      plans.set(array.id, {
        kind: 'instantiated',
        dimension: found.dimension,
        stride: found.stride,
        offsets: found.offsets,
        function: declaration,
      });
    } else {
      const declaration = declareFunction(
        translator.freshName(`${array.name}_L${loop.id}`),
        [...parameterSorts, intSort],
        arrayVariableSort(array, 'int'),
      );
      collector.functions.push(declaration);
      plans.set(array.id, { kind: 'recurrence', function: declaration, reason: found.reason });
    }
  }
  return plans;
}

type Disjointness =
  | {
      readonly kind: 'disjoint';
      readonly dimension: number;
      readonly stride: bigint;
      readonly offsets: readonly Term[];
    }
  | { readonly kind: 'overlapping'; readonly reason: string };

function disjointWrites(context: LoopContext, array: ArrayVariable, records: readonly WriteRecord[]): Disjointness {
  if (records.length === 0) return { kind: 'overlapping', reason: 'no write found' };
  let lastReason = 'no dimension has an index affine in the iteration';
  for (let dimension = 0; dimension < array.sizes.length; dimension++) {
    const found = disjointInDimension(context, records, dimension);
    if (found.kind === 'disjoint') return found;
    lastReason = found.reason;
  }
  return { kind: 'overlapping', reason: lastReason };
}

function disjointInDimension(context: LoopContext, records: readonly WriteRecord[], dimension: number): Disjointness {
  const counter = context.counter.name;
  let stride: bigint | undefined;
  const offsets: { polynomial: Polynomial; term: Term }[] = [];
  for (const record of records) {
    if (record.indices === 'everywhere') return { kind: 'overlapping', reason: 'the whole array is written' };
    const index = record.indices[dimension]!;
    if (dependsOn(index, new Set(record.wildcards.map((wildcard) => wildcard.name))))
      return { kind: 'overlapping', reason: 'an inner loop moves the index' };
    const polynomial = termPolynomial(index, new Set([counter]), context.atoms);
    if (polynomial === undefined || degreeIn(polynomial, counter) !== 1)
      return { kind: 'overlapping', reason: 'an index is not affine in the iteration' };
    const { slope: coefficient, rest: withoutZero } = splitAffine(polynomial, counter);
    if (coefficient === undefined || coefficient === 0n)
      return { kind: 'overlapping', reason: 'the index does not move by a constant per iteration' };
    if (stride !== undefined && stride !== coefficient)
      return { kind: 'overlapping', reason: 'writes move by different strides' };
    stride = coefficient;
    if (
      !offsets.some(
        (known) => isConstantPolynomial(subtractPolynomials(known.polynomial, withoutZero))?.numerator === 0n,
      )
    ) {
      offsets.push({ polynomial: withoutZero, term: polynomialAt(context, withoutZero, intConstant(0n)) });
    }
  }
  const step = stride!;
  const magnitude = step < 0n ? -step : step;
  if (offsets.length > 1) {
    // distinct constant offsets in distinct residue classes modulo |s|
    const residues = new Set<bigint>();
    for (const offset of offsets) {
      const value = isConstantPolynomial(offset.polynomial);
      if (value === undefined || value.denominator !== 1n)
        return { kind: 'overlapping', reason: 'several symbolic offsets' };
      const residue = ((value.numerator % magnitude) + magnitude) % magnitude;
      if (residues.has(residue))
        return { kind: 'overlapping', reason: 'two writes reach the same cells in different iterations' };
      residues.add(residue);
    }
  }
  return { kind: 'disjoint', dimension, stride: step, offsets: offsets.map((offset) => offset.term) };
}

/** the iteration whose write hits index `index` through offset `offset`, and whether one does */
function iterationOf(index: Term, offset: Term, stride: bigint): { readonly iteration: Term; readonly hits: Term } {
  const difference = add(index, negate(offset));
  if (stride === 1n) return { iteration: difference, hits: trueTerm };
  if (stride === -1n) return { iteration: negate(difference), hits: trueTerm };
  const magnitude = stride < 0n ? -stride : stride;
  return {
    iteration: euclideanDivide(difference, intConstant(stride)),
    hits: equal(euclideanModulo(difference, intConstant(magnitude)), intConstant(0n)),
  };
}

export function arrayViewAt(
  context: LoopContext,
  forms: SlotForms,
  plan: ArrayPlan,
  array: ArrayVariable,
  at: Term,
): ArrayView {
  switch (plan.kind) {
    case 'cells':
      return cellArrayViewAt(context, forms, array, at);
    case 'instantiated': {
      const before = context.state.arrays.get(array.id)!;
      return {
        read: (indices) => {
          const key = indices[plan.dimension]!;
          return plan.offsets.reduceRight<Term>((rest, offset, index) => {
            const { iteration, hits } = iterationOf(key, offset, plan.stride);
            const written = and(hits, lessEqual(intConstant(0n), iteration), less(iteration, at));
            const definition = plan.definitions?.[index];
            const value =
              definition === undefined
                ? applyFunction(plan.function, [...context.parameters, ...indices])
                : substituteTerm(
                    definition.value,
                    new Map(definition.cells.map((cell, dimension) => [cell.name, indices[dimension]!])),
                  );
            return ite(written, value, rest);
          }, before.read(indices));
        },
      };
    }
    case 'recurrence': {
      const pointwise = plan.pointwise;
      if (pointwise === undefined) return termView(applyFunction(plan.function, [...context.parameters, at]));
      return {
        read: (indices) =>
          substituteTerm(
            pointwise.value,
            new Map([
              [context.counter.name, at],
              ...pointwise.cells.map((cell, dimension): [string, Term] => [cell.name, indices[dimension]!]),
            ]),
          ),
      };
    }
    default: {
      const never: never = plan;
      throw new Error(`unknown plan ${JSON.stringify(never)}`);
    }
  }
}

function cellVariables(context: LoopContext, array: ArrayVariable): SymbolTerm[] {
  return array.sizes.map((_, dimension) => context.translator.freshSymbol(`${array.name}!cell${dimension}`, intSort));
}

function selectAll(array: Term, indices: readonly Term[]): Term {
  return indices.reduce((current, index) => select(current, index), array);
}

/**
 * the instantiation pattern of a step axiom x(n + 1) = body(x(n)): the successor x(t + 1), so a
 * query's x at t + 1 unfolds to t (an induction step's failure at t + 1 needs it, and the solver's
 * own choice may miss it). x(n) as a pattern too would unfold every x(t) to x(t + 1) and on (a
 * matching loop: sv-arrays sanfoundry_10 then timed out), so the successor is the only one.
 */
function stepPatterns(successor: Term): Term[][] {
  return [[successor]];
}

/** the axioms of the scalar recurrences of a loop: the value before, after one more iteration, and bounds or order lemmas */
async function scalarRecurrenceAxioms(
  context: LoopContext,
  forms: SlotForms,
  after: ExecutionState,
  collector: Collector,
  where: string,
): Promise<void> {
  const { parameters, counter } = context;
  const next = add(counter, intConstant(1n));
  for (const slot of forms.slots) {
    const form = forms.forms.get(slot.key)!;
    if (form.kind !== 'recurrence') continue;
    const at = (value: Term): Term => applyFunction(form.function, [...parameters, value]);
    const initialAxiom = forall(parameters, equal(at(intConstant(0n)), initialValue(context, slot)));
    collector.axioms.push({ term: initialAxiom, comment: `${slotName(slot)} before the ${where}` });
    collector.axioms.push({
      term: forall(
        [...parameters, counter],
        implies(lessEqual(intConstant(0n), counter), equal(at(next), valueAfter(slot, after))),
        stepPatterns(at(next)),
      ),
      comment: `${slotName(slot)} after one more iteration of the ${where}`,
    });
    // x(n + 1) = x(n) + d with d in [min, max] on every path: x(0) + n·min <= x(n) <= x(0) + n·max
    // for every n >= 0 (by induction on n; a consequence of the two axioms above)
    const steps = stepRange(valueAfter(slot, after), at(counter));
    if (steps !== undefined) {
      const initial = initialValue(context, slot);
      const bound = (step: bigint): Term => add(initial, multiply(intConstant(step), counter));
      collector.axioms.push({
        term: forall(
          [...parameters, counter],
          implies(
            lessEqual(intConstant(0n), counter),
            and(lessEqual(bound(steps.minimum), at(counter)), lessEqual(at(counter), bound(steps.maximum))),
          ),
        ),
        comment: `${slotName(slot)} moves by ${steps.minimum} … ${steps.maximum} per iteration of the ${where}`,
      });
    } else {
      await orderLemmas(
        context,
        at,
        form.function,
        initialAxiom,
        valueAfter(slot, after),
        collector,
        `${slotName(slot)} in the ${where}`,
      );
    }
  }
}

export async function recurrenceAxioms(
  context: LoopContext,
  forms: SlotForms,
  plans: ReadonlyMap<number, ArrayPlan>,
  after: ExecutionState,
  collector: Collector,
  range: RunRange | undefined,
): Promise<void> {
  const { parameters, counter, state, loop } = context;
  void state;
  const next = add(counter, intConstant(1n));
  const where = `loop at ${loop.location.line}:${loop.location.column}`;
  // where a form holds: every n >= 0, or (found with decided conditions) 0 <= n <= the count
  const formRange = (decided: boolean): Term =>
    decided
      ? and(lessEqual(intConstant(0n), counter), lessEqual(counter, range!.count))
      : lessEqual(intConstant(0n), counter);
  await scalarRecurrenceAxioms(context, forms, after, collector, where);
  const unresolved: UnresolvedArray[] = [];
  for (const array of context.arrays) {
    const plan = plans.get(array.id)!;
    if (plan.kind === 'cells') continue;
    const cells = cellVariables(context, array);
    const afterBody = after.arrays.get(array.id)!.read(cells);
    if (plan.kind === 'instantiated') {
      const definitions: { cells: readonly SymbolTerm[]; value: Term }[] = [];
      for (const offset of plan.offsets) {
        const { iteration, hits } = iterationOf(cells[plan.dimension]!, offset, plan.stride);
        // the body read at the index it writes (stride·n + offset), where the other writes' index
        // tests simplify away (constant differences), then n taken from the cell: under `hits` the
        // cell is that index, so this is the body read at the cell
        const writtenIndex = add(multiply(intConstant(plan.stride), counter), offset);
        const atWrite = simplifyTerm(
          after.arrays
            .get(array.id)!
            .read(cells.map((cell, dimension) => (dimension === plan.dimension ? writtenIndex : cell))),
        );
        const value = simplifyTerm(substituteTerm(atWrite, new Map([[counter.name, iteration]])));
        definitions.push({ cells, value });
        collector.axioms.push({
          term: forall(
            [...parameters, ...cells],
            implies(
              and(hits, lessEqual(intConstant(0n), iteration)),
              equal(applyFunction(plan.function, [...parameters, ...cells]), value),
            ),
          ),
          comment: `${array.sourceName}: the cells the ${where} writes keep the value of their iteration`,
        });
      }
      const recursive = definitions.some((definition) =>
        containsSubterm(definition.value, (term) => term.kind === 'applyFunction' && term.function === plan.function, {
          intoBinders: true,
        }),
      );
      if (!recursive) plan.definitions = definitions;
      // a cell defined from the previous cell: its closed form in the index, once proven
      if (recursive && range !== undefined && plan.stride === 1n && definitions.length === 1 && cells.length === 1) {
        await indexRecurrenceLemma(
          context,
          plan.function,
          cells[0]!,
          definitions[0]!.value,
          plan.offsets[0]!,
          range.count,
          collector,
          where,
        );
      }
    } else {
      const at = (value: Term): Term => applyFunction(plan.function, [...parameters, value]);
      collector.axioms.push({
        term: forall(
          [...parameters, ...cells],
          equal(selectAll(at(intConstant(0n)), cells), state.arrays.get(array.id)!.read(cells)),
        ),
        comment: `${array.sourceName} before the ${where}`,
      });
      collector.axioms.push({
        term: forall(
          [...parameters, counter, ...cells],
          implies(lessEqual(intConstant(0n), counter), equal(selectAll(at(next), cells), afterBody)),
          stepPatterns(selectAll(at(next), cells)),
        ),
        comment: `${array.sourceName} after one more iteration of the ${where}`,
      });
      const initial = state.arrays.get(array.id)!.read(cells);
      // constant cell indices under equalities of the cell (the rows m[0][j], m[1][j]) read as the cell
      const pinned = pinCellIndices(afterBody, cells);
      const exact = pointwiseClosedForm(context, array, plan.function, cells, pinned, initial);
      const decided =
        exact !== undefined || range === undefined
          ? undefined
          : await decidedPointwiseForm(context, array, plan.function, cells, pinned, initial, range);
      const value = exact ?? decided;
      if (value === undefined) {
        unresolved.push({ array, function: plan.function, cells, afterBody: pinned, initial });
        continue;
      }
      plan.pointwise = { cells, value, decided: exact === undefined };
      collector.axioms.push({
        term: forall(
          [...parameters, counter, ...cells],
          implies(formRange(exact === undefined), equal(selectAll(at(counter), cells), value)),
        ),
        comment:
          exact !== undefined
            ? `${array.sourceName}: each cell's closed form over the iterations of the ${where} (a consequence of the two axioms above)`
            : `${array.sourceName}: each cell's closed form over the iterations the ${where} runs (the conditions of its update decided there)`,
      });
    }
  }
  await writtenValueLemmas(context, unresolved, collector, where);
  // scalar recurrences that read the rewritten arrays at the counter, through the cells' forms
  for (const slot of forms.slots) {
    const form = forms.forms.get(slot.key)!;
    if (form.kind !== 'recurrence') continue;
    const found = await slotFormThroughCells(
      context,
      form.function,
      form.function.resultSort,
      valueAfter(slot, after),
      initialValue(context, slot),
      plans,
      range,
    );
    if (found === undefined || (found.decided && range === undefined)) continue;
    form.derived = found.value;
    collector.axioms.push({
      term: forall(
        [...parameters, counter],
        implies(formRange(found.decided), equal(applyFunction(form.function, [...parameters, counter]), found.value)),
      ),
      comment: `${slotName(slot)}: its closed form over the iterations of the ${where}, through the cells' forms of the arrays it reads (a consequence of the axioms above)`,
    });
  }
}

/** the least and largest constant step of `next` over `current` across its ite branches, if every branch has one */
export function stepRange(
  next: Term,
  current: Term,
): { readonly minimum: bigint; readonly maximum: bigint } | undefined {
  const steps: bigint[] = [];
  const visit = (term: Term): boolean => {
    if (term.kind === 'apply' && term.operator === 'ite') return visit(term.arguments[1]!) && visit(term.arguments[2]!);
    const step = constantDifference(term, current);
    if (step === undefined) return false;
    steps.push(step);
    return true;
  };
  if (!visit(next) || steps.length < 2) return undefined;
  return {
    minimum: steps.reduce((left, right) => (right < left ? right : left)),
    maximum: steps.reduce((left, right) => (right > left ? right : left)),
  };
}

export function describeArray(array: ArrayVariable, plan: ArrayPlan): string | undefined {
  switch (plan.kind) {
    case 'cells':
      return undefined;
    case 'recurrence': {
      const cells = plan.pointwise === undefined ? '' : `; each cell on its own: ${formatTerm(plan.pointwise.value)}`;
      return `${array.sourceName}: recurrence ${plan.function.name} (${plan.reason})${cells}`;
    }
    case 'instantiated': {
      const offsets = plan.offsets.map((offset) => `${plan.stride}·n + ${formatTerm(offset)}`).join(', ');
      return `${array.sourceName}: iteration n writes the cells with index ${offsets} in dimension ${plan.dimension + 1} (disjoint), their values ${plan.function.name}`;
    }
    default: {
      const never: never = plan;
      throw new Error(`unknown plan ${JSON.stringify(never)}`);
    }
  }
}
