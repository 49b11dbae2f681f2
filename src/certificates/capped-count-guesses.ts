// Guesses for counts of residues capped at a limit (issue 41, the mod-counts class of issue 43), for
// the template certifier (templates.ts, houdini.ts):
//   for (i = e0; i < n; i++) { if (i % 3 == 0 && c < limit) { a[i] = 0; c++; } else { a[i] = 1; } }
//   for (i = e0; i < n; i++) if (a[i] == 0) count++;
// A counter c that a loop over i (step 1) increments by one under a condition `P(i) && c < limit`
// (the conjuncts of the ifs around `c = c + 1`, in any order and nesting; limit not changed by the
// loop; P periodic in i once the reads of cells a[i] are replaced by the values a ∀-guess of the
// head gives, `a[j] == j % 5`) counts the indices of [e0, i) where P holds, until it reaches the
// limit: c == min(limit, N(i)), N(i) the number of such indices (periodic-guesses.ts: a sum per
// residue, (i + P − 1 − t) / P for each residue t where P holds). The guesses:
// - at the loop's head: c == (N(i) < limit ? N(i) : limit);
// - the cells it writes at i, with c in the conditions read as that value at the round (a[i] = 0 while
//   `c < limit` is a[j] == 0 where N(j) < limit): ∀j ∈ [e0, i). a[j] == W(j) at its head, over
//   [e0, n) at the loops after it;
// - at a loop after it over i' from e0' (step 1), for each scalar x it accumulates (`x = x + …`, a
//   recount of the marked cells or their sum): x == (N'(i') < limit ? N'(i') : limit), N' counting
//   from e0'.
//
// Soundness: none is needed. Every guess is a candidate that Houdini keeps only when every clause
// preserves it, and the certificate is checked again by the independent checker (check.ts).

import type { LoopInfo } from '../analysis/loops.js';
import { longLongType } from '../ir/c-integers.js';
import {
  convertedTo,
  createArrayRead,
  createBinary,
  createConditional,
  createConstant,
  createUnary,
  createVariableExpression,
} from '../ir/factory.js';
import type { Block, Expression, LoopStatement, ScalarVariable } from '../ir/types.js';
import {
  forEachStatement,
  scalarsReadBy,
  stripWideningCasts,
  substituteScalar,
  substituteScalarInBlock,
  visitExpressionChildren,
  writtenVariables,
} from '../ir/visit.js';
import { writesAt } from './chosen-index-guesses.js';
import type { Guess } from './guess.js';
import { cellValues, periodicSum, residueTable } from './periodic-guesses.js';
import { fullRange } from './ranges.js';

/** a counter of a loop capped at a limit: its count at a value of a counter from an initial value */
export interface CappedCount {
  readonly counter: ScalarVariable;
  readonly limit: Expression;
  /** min(limit, N(position)), N counting the indices of [initial, position) where the condition holds */
  readonly capped: (position: Expression, initial: Expression) => Expression;
}

/** what a loop's capped counts give: the guesses at its head and those at the loops after it */
export interface CappedGuesses {
  readonly counts: readonly CappedCount[];
  /** c == min(limit, N(i)) at its head */
  readonly atHead: readonly Guess[];
  /** the cells it writes, over the cells done, at its head */
  readonly cellsDone: readonly Guess[];
  /** the cells it writes, over every cell of its range, at the loops after it */
  readonly cellsAfter: readonly Guess[];
}

const none: CappedGuesses = { counts: [], atHead: [], cellsDone: [], cellsAfter: [] };

/** the capped counts of a loop (see the header), cells read through the ∀-guesses of its head (`own`) */
export function cappedCountGuesses(
  loop: LoopStatement,
  info: LoopInfo | undefined,
  own: readonly Guess[],
  cell: ScalarVariable,
): CappedGuesses {
  const iterator = info?.iterator;
  if (iterator?.initial === undefined || iterator.step !== 1n || info!.hasBreak) return none;
  const counter = iterator.variable;
  const initial = iterator.initial;
  const changed = writtenVariables(loop.body, loop.update).scalars;
  const known = cellValues(own);
  // a[i] read as its known value at i
  const resolve = (expression: Expression): Expression => {
    if (expression.kind === 'arrayRead' && expression.indices.length === 1) {
      const index = stripWideningCasts(expression.indices[0]!);
      const value = known.get(expression.array.id);
      if (index.kind === 'variable' && index.variable.id === counter.id && value !== undefined)
        return substituteScalar(value.value, value.cell, createVariableExpression(counter));
    }
    return visitExpressionChildren(expression, resolve);
  };
  const assignments = new Map<number, number>();
  forEachStatement(loop.body, (statement) => {
    if (statement.kind === 'assign')
      assignments.set(statement.target.id, (assignments.get(statement.target.id) ?? 0) + 1);
  });
  const counts: CappedCount[] = [];
  for (const increment of incrementsUnder(loop.body, [])) {
    if (assignments.get(increment.target.id) !== 1) continue;
    const conjuncts = increment.path.flatMap(conjunctsOf);
    const capIndex = conjuncts.findIndex((conjunct) => capOf(conjunct, increment.target) !== undefined);
    if (capIndex < 0) continue;
    const limit = capOf(conjuncts[capIndex]!, increment.target)!;
    if ([...scalarsReadBy(limit).keys()].some((id) => changed.has(id))) continue;
    const rest = conjuncts.filter((_, position) => position !== capIndex).map(resolve);
    if (rest.length === 0) continue;
    const condition = rest.reduce((all, conjunct) => createBinary('logicalAnd', all, conjunct));
    if ([...scalarsReadBy(condition).keys()].some((id) => id !== counter.id && changed.has(id))) continue;
    const indicator = createConditional(
      condition,
      createConstant(1n, longLongType),
      createConstant(0n, longLongType),
      longLongType,
    );
    const table = residueTable(indicator, counter);
    if (table === undefined || table.length < 2) continue;
    const wideLimit = convertedTo(limit, longLongType);
    counts.push({
      counter: increment.target,
      limit,
      capped: (position, start) => {
        const number = periodicSum(table, position, start);
        return createConditional(createBinary('less', number, wideLimit), number, wideLimit, longLongType);
      },
    });
  }
  if (counts.length === 0) return none;
  const counterExpression = createVariableExpression(counter);
  const atHead: Guess[] = counts.map((count) => ({
    kind: 'plain',
    condition: createBinary(
      'equal',
      convertedTo(createVariableExpression(count.counter), longLongType),
      count.capped(counterExpression, initial),
    ),
  }));
  // the writes at i with each count read as its closed form at the round
  const body = counts.reduce(
    (block, count) => substituteScalarInBlock(block, count.counter, count.capped(counterExpression, initial)),
    loop.body as Block,
  );
  const unchanged = (expression: Expression): boolean =>
    [...scalarsReadBy(expression).keys()].every((id) => id === counter.id || !changed.has(id));
  const written = writesAt(body, counter, unchanged, []);
  const cellExpression = createVariableExpression(cell);
  const forall = (lower: Expression, upper: Expression) => (condition: Expression) => ({
    kind: 'forall' as const,
    variable: cell,
    lower,
    upper,
    condition,
  });
  const equalities = [...(written?.values() ?? [])].map((entry) =>
    createBinary(
      'equal',
      createArrayRead(entry.array, [cellExpression]),
      substituteScalar(resolve(entry.value), counter, cellExpression),
    ),
  );
  const range = fullRange(info);
  return {
    counts,
    atHead,
    cellsDone: equalities.map(forall(initial, counterExpression)),
    cellsAfter: range === undefined ? [] : equalities.map(forall(range.lower, range.upper)),
  };
}

/** at a loop after the capped counts' (over i', step 1): x == min(limit, N'(i')) for each scalar x it accumulates */
export function recountGuesses(
  counts: readonly CappedCount[],
  loop: LoopStatement,
  info: LoopInfo | undefined,
): Guess[] {
  const iterator = info?.iterator;
  if (counts.length === 0 || iterator?.initial === undefined || iterator.step !== 1n) return [];
  const accumulators = new Map<number, ScalarVariable>();
  forEachStatement(loop.body, (statement) => {
    if (statement.kind === 'assign' && scalarsReadBy(statement.value).has(statement.target.id))
      accumulators.set(statement.target.id, statement.target);
  });
  const counter = createVariableExpression(iterator.variable);
  return [...accumulators.values()].flatMap((accumulator) =>
    counts.map((count): Guess => ({
      kind: 'plain',
      condition: createBinary(
        'equal',
        convertedTo(createVariableExpression(accumulator), longLongType),
        count.capped(counter, iterator.initial!),
      ),
    })),
  );
}

/** each `x = x + 1` of a block, with the conditions of the ifs around it (negated for an else) */
function incrementsUnder(
  block: Block,
  path: readonly Expression[],
): { readonly target: ScalarVariable; readonly path: readonly Expression[] }[] {
  return block.flatMap((statement) => {
    if (statement.kind === 'if')
      return [
        ...incrementsUnder(statement.then, [...path, statement.condition]),
        ...incrementsUnder(statement.else, [...path, createUnary('logicalNot', statement.condition)]),
      ];
    if (statement.kind !== 'assign') return [];
    const value = stripWideningCasts(statement.value);
    if (value.kind !== 'binary' || value.operator !== 'add') return [];
    const left = stripWideningCasts(value.left);
    const right = stripWideningCasts(value.right);
    const isOne = right.kind === 'constant' && right.value === 1n;
    return left.kind === 'variable' && left.variable.id === statement.target.id && isOne
      ? [{ target: statement.target, path }]
      : [];
  });
}

function conjunctsOf(condition: Expression): Expression[] {
  const node = stripWideningCasts(condition);
  if (node.kind === 'binary' && node.operator === 'logicalAnd')
    return [...conjunctsOf(node.left), ...conjunctsOf(node.right)];
  return [condition];
}

/** L of `c < L` or `L > c` */
function capOf(conjunct: Expression, counter: ScalarVariable): Expression | undefined {
  const node = stripWideningCasts(conjunct);
  if (node.kind !== 'binary') return undefined;
  const left = stripWideningCasts(node.left);
  const right = stripWideningCasts(node.right);
  if (node.operator === 'less' && left.kind === 'variable' && left.variable.id === counter.id) return right;
  if (node.operator === 'greater' && right.kind === 'variable' && right.variable.id === counter.id) return left;
  return undefined;
}
