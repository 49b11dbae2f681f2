// Folds of the same cells in another order or grouping (the shapes of analysis/reordered-folds.ts): the
// solver proves the laws below for the folds' own expressions, and the program is rewritten:
// - a pair (an earlier and a later fold of the same cells, nothing between writing the array or the
//   earlier result): the later result statement becomes `r' = r` (both end in the same POST), or
//   `res' = res` is put just after the later loop (guarded by `low < high` when exactly one of the two
//   starts from a cell and the range is symbolic: an empty range is then no fold of the same cells; by
//   `low <= high` when one runs backward over a symbolic range: its start E − 1 cannot wrap then);
// - a split (a whole fold and two part folds over [S, M) and [M, E), constants S ≤ M ≤ E): the
//   expression C(low, high) of a later statement becomes the whole fold's accumulator.
// Comparisons of copies in the rewritten blocks' assertions are then decided (analysis/
// assertion-slice.ts); the caller slices the top-level block. A block is searched in parts split after
// each `assume(C)` (an early return of main reads so, analysis/guard-assumptions.ts): the part after
// it as a branch taken under C (C and the facts of the block that the part before does not change hold
// at its start), as the lowering's `if (!returned)` was.
//
// The laws, in C's semantics (bv; int when the run asks for mathematical integers), for every value of
// their free variables. F is the step of a fold of stride one among the two (its F(r, a): the update
// with the accumulator r and a in the cell at the counter; F reads no other cell, and no counter
// outside a cell's index, so F(r, a) does not depend on the counter or another cell):
//   stride:   F_k(r, a0, …, a(k−1)) = F(…F(r, a0)…, a(k−1))  for a fold of stride k reading x[i + j] as aj;
//             F'(r, a) = F(r, a) for the other fold of stride one;
//   exchange: F(F(r, a), b) = F(F(r, b), a)  (asked when the two folds run in opposite directions);
//   start:    c = c' (two INITs that read no cell), or F(c, a) = G(a) (a fold from c against one from
//             G(x[S − 1]); then x[S − 1] is one more cell of the fold from c).
// A fold of stride k is then the fold of F over the same cells in the same order; with the exchange law a
// fold of F from c depends only on the multiset of the cells it reads (adjacent exchanges generate every
// order); with the start law the fold from G(x[S − 1]) over [S, E) is the fold from c over [S − 1, E)
// (when S − 1 < E). So the two accumulators are equal after the later loop, and POST of them too.
// For a split, with the combination C (its operands the part results, in order) and INIT u:
//   unit:  C(c, u) = c;   step: F(C(c, y), v) = C(c, F(y, v));
// by induction over the cells, the fold from c over B is C(c, fold from u over B); the whole fold over
// [S, E) is the fold from (the fold over [S, M)) over [M, E), so whole = C(low, high).
//
// Soundness: every rewrite is exact (a run of the program and of the rewrite read the same
// nondeterministic values and agree on every variable a later statement reads) given the solver's
// unsat answers; an answer other than unsat leaves the folds as they are.

import {
  createAssign,
  createBinary,
  createConstant,
  createIf,
  createVariableExpression,
  updateAssert,
  updateAssign,
  updateAssume,
} from '../ir/factory.js';
import type { Block, Expression, Semantics, Statement } from '../ir/types.js';
import { scalarsReadBy, visitExpressionChildren, writtenVariables } from '../ir/visit.js';
import { foldCopiedComparisons } from '../analysis/assertion-slice.js';
import {
  constantOf,
  foldBlocks,
  reorderedFoldPairs,
  splitFolds,
  type OrderedFold,
  type ReorderedFoldPair,
  type SplitFold,
} from '../analysis/reordered-folds.js';
import { equal, store, type Term } from '../smt/terms.js';
import type { Solver } from '../solvers/solver.js';
import type { Budget } from './budget.js';
import { branchFacts } from '../analysis/permuted-copies.js';
import { permutationLaws } from './permuted-copies.js';
import { FoldTerms, lawsProven, NotExact } from './fold-terms.js';

export interface RewrittenFolds {
  readonly body: Block;
  /** one line per rewrite (for emitted files' headers) */
  readonly details: readonly string[];
}

/** whether some block of the program holds a pair or a split */
export function hasReorderedFolds(body: Block): boolean {
  return foldBlocks(body).some((block) => reorderedFoldPairs(block).length > 0 || splitFolds(block).length > 0);
}

/** the body with every proven pair and split rewritten (nested blocks included), or undefined when nothing changed */
export async function rewriteReorderedFolds(
  body: Block,
  semantics: Semantics,
  solver: Solver,
  budget: Budget,
): Promise<RewrittenFolds | undefined> {
  const details: string[] = [];
  const rewritten = await rewriteBlock(body, [], semantics, solver, budget, details);
  return details.length === 0 ? undefined : { body: rewritten, details };
}

const where = (fold: OrderedFold): string => `${fold.loop.location.line}:${fold.loop.location.column}`;

async function rewriteBlock(
  block: Block,
  facts: readonly Expression[],
  semantics: Semantics,
  solver: Solver,
  budget: Budget,
  details: string[],
): Promise<Block> {
  const split = block.findIndex((statement, index) => statement.kind === 'assume' && index < block.length - 1);
  if (split >= 0) {
    const head = block.slice(0, split + 1);
    const assumption = head[split]!;
    const written = writtenVariables(head).scalars;
    const kept = facts.filter((fact) => [...scalarsReadBy(fact).keys()].every((id) => !written.has(id)));
    const tailFacts = assumption.kind === 'assume' ? [...kept, assumption.condition] : kept;
    const rewrittenHead = await rewriteBlock(head, facts, semantics, solver, budget, details);
    const tail = block.slice(split + 1);
    const rewrittenTail = await rewriteBlock(tail, tailFacts, semantics, solver, budget, details);
    return rewrittenHead === head && rewrittenTail === tail ? block : [...rewrittenHead, ...rewrittenTail];
  }
  const before = details.length;
  const replaced = new Map<number, Statement[]>();
  // nested blocks first: their rewrites change only the if statement at their index
  for (const [index, statement] of block.entries()) {
    if (statement.kind !== 'if') continue;
    const [thenFacts, elseFacts] = [branchFacts(block, index, 'then', facts), branchFacts(block, index, 'else', facts)];
    const then = await rewriteBlock(statement.then, thenFacts, semantics, solver, budget, details);
    const otherwise = await rewriteBlock(statement.else, elseFacts, semantics, solver, budget, details);
    if (then !== statement.then || otherwise !== statement.else)
      replaced.set(index, [createIf(statement.condition, then, otherwise, statement.location)]);
  }
  for (const pair of reorderedFoldPairs(block, facts)) {
    if (budget.expired() || !(await pairLawsHold(pair, semantics, solver, budget))) continue;
    rewritePair(pair, block, replaced);
    const cells =
      pair.copy !== undefined
        ? `${pair.copy.target.sourceName} a permutation of ${pair.copy.source.sourceName} over the cells read (${pair.copy.segments.length} copy segments)`
        : `the same cells in ${pair.earlier.direction === pair.later.direction ? 'the same order' : 'the opposite order'}`;
    details.push(
      `the fold at ${where(pair.later)} equals the one at ${where(pair.earlier)}: ${cells} (its laws proven by the solver in ${semantics} semantics)`,
    );
  }
  for (const split of splitFolds(block)) {
    if (replaced.has(split.index)) continue;
    if (budget.expired() || !(await splitLawsHold(split, semantics, solver, budget))) continue;
    replaced.set(split.index, [replaceCombination(block[split.index]!, split)]);
    details.push(
      `the folds at ${where(split.low)} and ${where(split.high)} combined read as the one at ${where(split.whole)} (its laws proven by the solver in ${semantics} semantics)`,
    );
  }
  if (details.length === before && replaced.size === 0) return block;
  const result = block.flatMap((statement, index) => replaced.get(index) ?? [statement]);
  return foldCopiedComparisons(result);
}

/** the later result copied (see the header), into `replaced` */
function rewritePair(pair: ReorderedFoldPair, block: Block, replaced: Map<number, Statement[]>): void {
  const { earlier, later, copied } = pair;
  const location = later.loop.location;
  const guard = guardOf(pair);
  if (pair.mode === 'result') {
    const original = later.result!.statement;
    const copy = createAssign(original.target, createVariableExpression(copied), original.location);
    replaced.set(
      later.result!.index,
      guard === undefined ? [copy] : [createIf(guard, [copy], [original], original.location)],
    );
    return;
  }
  const copy = createAssign(later.accumulator, createVariableExpression(copied), location);
  const loop = replaced.get(later.loopIndex) ?? [block[later.loopIndex]!];
  replaced.set(later.loopIndex, [...loop, guard === undefined ? copy : createIf(guard, [copy], [], location)]);
  void earlier;
}

/**
 * the condition under which the two folds read the same cells, when the range is symbolic (see the
 * header): `low < high` when exactly one starts from a cell (an empty range is then no fold of the
 * same cells), else `low <= high` when one runs backward (its start E − 1 does not wrap then)
 */
function guardOf(pair: ReorderedFoldPair): Expression | undefined {
  const { earlier, later } = pair;
  const [low, high] = [constantOf(earlier.low), constantOf(earlier.high)];
  if (high !== undefined) return undefined;
  const strict = earlier.initialReadsCell !== later.initialReadsCell;
  if (!strict && earlier.direction === 'forward' && later.direction === 'forward') return undefined;
  // a fold from a cell and a backward fold both have a constant low bound (the analysis checks it)
  if (low === undefined) throw new Error('a symbolic low bound of a fold from a cell or a backward fold');
  const bound = later.high;
  return createBinary(strict ? 'less' : 'lessEqual', createConstant(low, bound.type), bound);
}

function replaceCombination(statement: Statement, split: SplitFold): Statement {
  const variable = createVariableExpression(split.whole.accumulator);
  const replace = (expression: Expression): Expression =>
    expression === split.combination ? variable : visitExpressionChildren(expression, replace);
  switch (statement.kind) {
    case 'assert':
      return updateAssert(statement, replace(statement.condition));
    case 'assume':
      return updateAssume(statement, replace(statement.condition));
    case 'assign':
      return updateAssign(statement, replace(statement.value));
    default:
      return statement;
  }
}

function termsOf(fold: OrderedFold, semantics: Semantics): FoldTerms {
  return new FoldTerms(
    { ...fold, step: (fold.loop.update[0] as Extract<Statement, { kind: 'assign' }>).value },
    semantics,
  );
}

/** F(r, a) of a fold of stride one, with its own fresh counter and array */
function unitStep(fold: OrderedFold, terms: FoldTerms, name: string): (accumulator: Term, value: Term) => Term {
  const counter = terms.fresh(`i${name}`, fold.counter);
  const cells = terms.fresh(`x${name}`, fold.array);
  return (accumulator, value) => terms.step(accumulator, counter, store(cells, terms.index(counter), value));
}

/** the fold's step on k values in the cells i … i + k − 1 */
function blockStep(
  fold: OrderedFold,
  terms: FoldTerms,
  name: string,
  accumulator: Term,
  values: readonly Term[],
): Term {
  const counter = terms.fresh(`i${name}`, fold.counter);
  let cells: Term = terms.fresh(`x${name}`, fold.array);
  for (const [offset, value] of values.entries()) {
    const index = createBinary(
      'add',
      createVariableExpression(fold.counter),
      createConstant(BigInt(offset), fold.counter.type),
    );
    const position = terms.evaluate(index, new Map([[fold.counter.id, counter]]), undefined);
    cells = store(cells, terms.index(position), value);
  }
  return terms.step(accumulator, counter, cells);
}

async function pairLawsHold(
  pair: ReorderedFoldPair,
  semantics: Semantics,
  solver: Solver,
  budget: Budget,
): Promise<boolean> {
  const { earlier, later } = pair;
  const reference = earlier.stride === 1n ? earlier : later.stride === 1n ? later : undefined;
  if (reference === undefined) return false;
  const laws: Term[] = [];
  try {
    const referenceTerms = termsOf(reference, semantics);
    const step = unitStep(reference, referenceTerms, 'F');
    const r = referenceTerms.fresh('r', reference.accumulator);
    const values = (count: bigint): Term[] =>
      Array.from({ length: Number(count) }, (_, index) => referenceTerms.element(`a${index}`));
    for (const [position, fold] of [earlier, later].entries()) {
      if (fold === reference) continue;
      const terms = termsOf(fold, semantics);
      const cells = values(fold.stride);
      laws.push(equal(blockStep(fold, terms, `S${position}`, r, cells), cells.reduce(step, r as Term)));
    }
    const [a, b] = [referenceTerms.element('a'), referenceTerms.element('b')];
    if (earlier.direction !== later.direction || pair.copy !== undefined)
      laws.push(equal(step(step(r, a), b), step(step(r, b), a)));
    if (pair.copy !== undefined) laws.push(...permutationLaws(pair.copy, earlier, semantics, pair.facts));
    laws.push(...startLaws(earlier, later, semantics, step, a));
  } catch (error) {
    if (error instanceof NotExact) return false;
    throw error;
  }
  return lawsProven(laws, solver, budget);
}

/** the start law (see the header) */
function startLaws(
  earlier: OrderedFold,
  later: OrderedFold,
  semantics: Semantics,
  step: (accumulator: Term, value: Term) => Term,
  value: Term,
): Term[] {
  const startOf = (fold: OrderedFold, name: string): Term => {
    const terms = termsOf(fold, semantics);
    let cells: Term = terms.fresh(`x${name}`, fold.array);
    if (fold.initialReadsCell)
      cells = store(cells, terms.index(terms.constant(constantOf(fold.low)!, fold.counter)), value);
    return terms.initial(cells);
  };
  if (earlier.initialReadsCell === later.initialReadsCell)
    return earlier.initialReadsCell ? [] : [equal(startOf(earlier, 'E'), startOf(later, 'L'))];
  const [fromCell, fromConstant] = earlier.initialReadsCell ? [earlier, later] : [later, earlier];
  return [equal(step(startOf(fromConstant, 'C'), value), startOf(fromCell, 'G'))];
}

async function splitLawsHold(split: SplitFold, semantics: Semantics, solver: Solver, budget: Budget): Promise<boolean> {
  const { whole, low, high } = split;
  const [first, middle, last] = [constantOf(whole.low), constantOf(low.high), constantOf(whole.high)];
  if (first === undefined || middle === undefined || last === undefined || first > middle || middle > last)
    return false;
  const laws: Term[] = [];
  try {
    const terms = termsOf(whole, semantics);
    const step = unitStep(whole, terms, 'F');
    const [c, y] = [terms.fresh('c', whole.accumulator), terms.fresh('y', whole.accumulator)];
    const value = terms.element('v');
    const combine = (left: Term, right: Term): Term =>
      terms.evaluate(
        split.combination,
        new Map([
          [low.accumulator.id, left],
          [high.accumulator.id, right],
        ]),
        undefined,
      );
    const unit = terms.initial(terms.fresh('xU', whole.array));
    laws.push(equal(combine(c, unit), c));
    laws.push(equal(step(combine(c, y), value), combine(c, step(y, value))));
  } catch (error) {
    if (error instanceof NotExact) return false;
    throw error;
  }
  return lawsProven(laws, solver, budget);
}
