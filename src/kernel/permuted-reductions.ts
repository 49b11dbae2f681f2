// Reductions repeated after a permutation: for each pair analysis/reductions.ts
// finds (a fold res = F(res, x[i], i) over the cells [low, high) of x, then swaps of two cells and
// rotations by one of that range, then the same fold again), the solver proves that the fold does
// not depend on the order of the values it reads, and the second result is then written as a copy
// of the first: `r' = POST(res')` becomes `r' = r`, and the second fold's statements go when nothing
// after reads its accumulator or counter. Comparisons of copies in the assertions are then decided
// and the statements no assertion needs sliced away (analysis/assertion-slice.ts). Every encoding
// gets the rewritten program.
//
// The laws asked, in C's semantics (bv; int when the run asks for mathematical integers):
//   exchange: F(F(r, a, i), b, i + 1) = F(F(r, b, i), a, i + 1)  for every r, i, a, b
//     (the cells at i and i + 1 holding a, b or b, a; every other cell the same);
//   first:    F(G(a), b, S) = F(G(b), a, S)  when the fold starts from G(x[S − 1]).
// Since F reads only the cell at its own counter, exchanging the values of two adjacent cells of the
// range leaves the fold's result unchanged; adjacent exchanges generate every permutation of the
// range; so the fold of the permuted array equals the fold of the original, and POST of it too.
// The statements between write x only by such permutations and leave r alone (checked by the
// analysis), so r' = r on every run: the rewrite keeps every run's values at every assertion.
//
// The same pass then rewrites folds of the same cells in another order or grouping (kernel/
// reordered-folds.ts: a fold run backward, in strides, from a cell, over a permuted copy, or split in
// two parts), with its own laws; the terms of every law are kernel/fold-terms.ts.
//
// Soundness: the rewrite is exact (every run of the program and of the rewrite read the same
// nondeterministic values, since a fold has no nondeterministic choice, and agree on every variable
// a later statement reads), given the
// solver's unsat answers; an answer other than unsat leaves the program as it is.

import { createAssign, createProgram, createVariableExpression } from '../ir/factory.js';
import type { Block, Program, Semantics, Statement } from '../ir/types.js';
import { foldCopiedComparisons, sliceForAssertions } from '../analysis/assertion-slice.js';
import { deadFoldStatements, permutedReductionPairs, type Reduction } from '../analysis/reductions.js';
import { equal, store, type Term } from '../smt/terms.js';
import type { Solver } from '../solvers/solver.js';
import type { Budget } from './budget.js';
import { FoldTerms, lawsProven, NotExact } from './fold-terms.js';
import { hasReorderedFolds, rewriteReorderedFolds } from './reordered-folds.js';

export interface RewrittenReductions {
  readonly program: Program;
  /** what a SAFE verdict rests on, in one line */
  readonly notes: readonly string[];
  /** one line per copied result: which fold, after which permutations (for emitted files' headers) */
  readonly details: readonly string[];
}

/** whether the program repeats a reduction after a permutation (the pass then needs a solver) */
export function hasPermutedReductions(program: Program): boolean {
  return permutedReductionPairs(program.body).length > 0 || hasReorderedFolds(program.body);
}

/** the program with each proven repeated reduction's result copied from the earlier one, or undefined when nothing changed */
export async function copyPermutedReductions(
  program: Program,
  semantics: Semantics,
  solver: Solver,
  budget: Budget,
): Promise<RewrittenReductions | undefined> {
  const pairs = permutedReductionPairs(program.body);
  const body: Statement[] = [...program.body];
  const details: string[] = [];
  const copied: string[] = [];
  const removed = new Set<number>();
  // folds whose laws hold: a pair repeats its earlier fold, so a chain of repetitions is proven once
  const lawful = new Set<Reduction>();
  for (const pair of pairs) {
    if (budget.expired()) break;
    if (!lawful.has(pair.earlier) && !(await lawsHold(pair.later, semantics, solver, budget))) continue;
    const { earlier, later } = pair;
    lawful.add(earlier).add(later);
    body[later.resultIndex] = createAssign(
      later.result.target,
      createVariableExpression(earlier.result.target),
      later.result.location,
    );
    for (const index of deadFoldStatements(program.body, later)) removed.add(index);
    const where = (reduction: Reduction): string => `${reduction.loop.location.line}:${reduction.loop.location.column}`;
    details.push(
      `the fold at ${where(later)} equals the one at ${where(earlier)} after ${pair.permutations.join(', ') || 'no change'} of its cells (its order-independence proven by the solver in ${semantics} semantics)`,
    );
    copied.push(where(later));
  }
  let current: Block = body.filter((_, index) => !removed.has(index));
  // folds of the same cells in another order or grouping (kernel/reordered-folds.ts)
  const reordered = budget.expired() ? undefined : await rewriteReorderedFolds(current, semantics, solver, budget);
  if (reordered !== undefined) current = reordered.body;
  if (details.length === 0 && reordered === undefined) return undefined;
  const kept = sliceForAssertions(foldCopiedComparisons(current));
  // one line for a SAFE's assumptions; the permutations of each fold in the details
  const notes = [
    ...(copied.length === 0
      ? []
      : [
          `${copied.length === 1 ? 'a fold' : `${copied.length} folds`} read as the earlier fold after a permutation (${[...new Set(copied)].join(', ')}; order-independence proven in ${semantics})`,
        ]),
    ...(reordered === undefined
      ? []
      : [
          `${reordered.details.length === 1 ? 'a fold' : `${reordered.details.length} folds`} read as another fold of the same cells in another order or grouping (laws proven in ${semantics})`,
        ]),
  ];
  details.push(...(reordered?.details ?? []));
  return {
    program: createProgram(program.file, program.scalars, program.arrays, kept, program.dataModel),
    notes,
    details,
  };
}

/** the exchange law and, for a fold that starts from a cell, the first law (see the header) */
async function lawsHold(reduction: Reduction, semantics: Semantics, solver: Solver, budget: Budget): Promise<boolean> {
  const terms = new FoldTerms(reduction, semantics);
  const laws: Term[] = [];
  try {
    const r = terms.fresh('r', reduction.accumulator);
    const i = terms.fresh('i', reduction.counter);
    const cells = terms.fresh('x', reduction.array);
    const [a, b] = [terms.element('a'), terms.element('b')];
    const next = terms.next(i);
    // F reads only the cell at its own counter (the analysis checks it): each step sees its value alone
    const at = (counter: Term, value: Term): Term => store(cells, terms.index(counter), value);
    const twice = (first: Term, second: Term): Term =>
      terms.step(terms.step(r, i, at(i, first)), next, at(next, second));
    laws.push(equal(twice(a, b), twice(b, a)));
    if (reduction.initialReadsCell) {
      const first = terms.constant(reduction.first, reduction.counter);
      const previous = terms.constant(reduction.first - 1n, reduction.counter);
      const once = (before: Term, value: Term): Term =>
        terms.step(terms.initial(at(previous, before)), first, at(first, value));
      laws.push(equal(once(a, b), once(b, a)));
    }
  } catch (error) {
    if (error instanceof NotExact) return false;
    throw error;
  }
  return lawsProven(laws, solver, budget);
}
