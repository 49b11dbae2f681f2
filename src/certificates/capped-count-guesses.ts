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
// - at the loop's head: c == (N(i) < limit ? N(i) : limit) and c <= N(i) (and at its exit, for the
//   loops after it);
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
  intType,
} from '../ir/factory.js';
import type { Block, Expression, LoopStatement, ScalarVariable } from '../ir/types.js';
import {
  forEachStatement,
  scalarsReadBy,
  stripWideningCasts,
  substituteScalar,
  substituteScalarInBlock,
  sameExpression,
  visitExpressionChildren,
  visitExpressionsInBlock,
  writtenVariables,
  conjunctsOf,
} from '../ir/visit.js';
import { writesAt } from './chosen-index-guesses.js';
import type { Guess } from './guess.js';
import { cellValues, residueTable } from './periodic-guesses.js';
import { readWrittenCells } from './written-cell-tests.js';
import { fullRange } from './ranges.js';

/** a counter of a loop capped at a limit: its count at a value of a counter from an initial value */
export interface CappedCount {
  readonly counter: ScalarVariable;
  readonly limit: Expression;
  /** the conjunct `c < limit` of the increment's condition */
  readonly cap: Expression;
  /** N(position): the indices of [initial, position) where the condition holds */
  readonly number: (position: Expression, initial: Expression) => Expression;
  /** min(limit, N(position)) */
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
  // `if (a[i] == 0) c++` after the round wrote a[i] under the cap: read as the cap and the written value's test
  const start = stripWideningCasts(initial);
  const body = readWrittenCells(loop.body, counter, start.kind === 'constant' ? start.value : undefined);
  for (const increment of incrementsUnder(body, [])) {
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
    // period 1: every index counts (`i % 1 == 0`), the count is min(limit, i − e0)
    if (table === undefined || (table.length < 2 && !isOne(table[0]!))) continue;
    const residues = table.flatMap((value, residue) => (isOne(value) ? [BigInt(residue)] : []));
    if (
      residues.length === 0 ||
      residues.length + table.flatMap((value) => (isZero(value) ? [0] : [])).length !== table.length
    )
      continue;
    const period = BigInt(table.length);
    const wideLimit = convertedTo(limit, longLongType);
    const number = (position: Expression, start: Expression): Expression =>
      residueCount(residues, period, position, start);
    counts.push({
      counter: increment.target,
      limit,
      cap: conjuncts[capIndex]!,
      number,
      capped: (position, start) =>
        createConditional(
          createBinary('less', number(position, start), wideLimit),
          number(position, start),
          wideLimit,
          longLongType,
        ),
    });
  }
  if (counts.length === 0) return none;
  const counterExpression = createVariableExpression(counter);
  // c == min(limit, N(i)), and c <= N(i) for the loops after it where the limit is not live
  const atHead: Guess[] = counts.flatMap((count): Guess[] => {
    const value = convertedTo(createVariableExpression(count.counter), longLongType);
    return [
      { kind: 'plain', condition: createBinary('equal', value, count.capped(counterExpression, initial)) },
      { kind: 'plain', condition: createBinary('lessEqual', value, count.number(counterExpression, initial)) },
    ];
  });
  const cellExpression = createVariableExpression(cell);
  // the writes at i with each count read as its closed form at the round
  // (`c < limit` itself is N(i) < limit: the capped value is below the limit exactly when N(i) is)
  const exact = cellFacts(loop.body, counts, { counter, initial, changed, resolve }, (count) =>
    createBinary('less', count.number(counterExpression, initial), convertedTo(count.limit, longLongType)),
  );
  // without the limit (a loop after it where the limit is not live): the cap taken as true, a
  // conditional value v ? t : e as a[j] == e || v && a[j] == t (the cell holds t only where v holds)
  const relaxed = cellFacts(
    loop.body,
    counts,
    { counter, initial, changed, resolve },
    () => createConstant(1n, intType),
    true,
  );
  const facts = (values: readonly Expression[]): Expression[] =>
    values.map((fact) => substituteScalar(fact, counter, cellExpression));
  const exactFacts = facts(exact);
  // at the loops after it, also with the limit read as the count's final value (the limit or fewer:
  // the cells marked are the first c where the condition holds), for where the limit is not live
  const withFinalCounts = exactFacts.map((fact) =>
    counts.reduce(
      (replaced, count) => replaceExpression(replaced, count.limit, createVariableExpression(count.counter)),
      fact,
    ),
  );
  const forall = (lower: Expression, upper: Expression) => (condition: Expression) => ({
    kind: 'forall' as const,
    variable: cell,
    lower,
    upper,
    condition,
  });
  const range = fullRange(info);
  const after = [...exactFacts, ...withFinalCounts, ...facts(relaxed)];
  return {
    counts,
    atHead,
    cellsDone: exactFacts.map(forall(initial, counterExpression)),
    cellsAfter: range === undefined ? [] : after.map(forall(range.lower, range.upper)),
  };
}

/**
 * the cells the loop writes at its counter (a[i] == v), each count read as its closed form at the
 * round and its cap `c < limit` as `cap(count)`; `relaxed`: a conditional value v ? t : e said as
 * a[i] == e || v && a[i] == t
 */
function cellFacts(
  body: Block,
  counts: readonly CappedCount[],
  loop: {
    readonly counter: ScalarVariable;
    readonly initial: Expression;
    readonly changed: ReadonlyMap<number, unknown>;
    /** the reads of cells at the counter replaced by their known values */
    readonly resolve: (expression: Expression) => Expression;
  },
  cap: (count: CappedCount) => Expression,
  relaxed = false,
): Expression[] {
  const { counter, initial, changed, resolve } = loop;
  const counterExpression = createVariableExpression(counter);
  const rewritten = counts.reduce(
    (block, count) =>
      substituteScalarInBlock(
        replaceCondition(block, count.cap, cap(count)),
        count.counter,
        count.capped(counterExpression, initial),
      ),
    body,
  );
  const unchanged = (expression: Expression): boolean =>
    [...scalarsReadBy(expression).keys()].every((id) => id === counter.id || !changed.has(id));
  const written = writesAt(rewritten, counter, unchanged, []);
  return [...(written?.values() ?? [])].flatMap((entry): Expression[] => {
    const read = createArrayRead(entry.array, [counterExpression]);
    const value = resolve(entry.value);
    if (!relaxed) return [createBinary('equal', read, value)];
    if (value.kind !== 'conditional') return [];
    return [
      createBinary(
        'logicalOr',
        createBinary('equal', read, value.else),
        createBinary('logicalAnd', value.condition, createBinary('equal', read, value.then)),
      ),
    ];
  });
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
  // x == min(limit, N'(i')); x <= N'(i') and x == min(c, N'(i')) for where the limit is not live
  return [...accumulators.values()].flatMap((accumulator) =>
    counts.flatMap((count): Guess[] => {
      const value = convertedTo(createVariableExpression(accumulator), longLongType);
      const number = count.number(counter, iterator.initial!);
      const final = convertedTo(createVariableExpression(count.counter), longLongType);
      return [
        { kind: 'plain', condition: createBinary('equal', value, count.capped(counter, iterator.initial!)) },
        { kind: 'plain', condition: createBinary('lessEqual', value, number) },
        {
          kind: 'plain',
          condition: createBinary(
            'equal',
            value,
            createConditional(createBinary('less', number, final), number, final, longLongType),
          ),
        },
      ];
    }),
  );
}

/** the number of indices of [start, position) at the residues modulo the period: Σ_t ((v + P − 1 − t) / P) from v = start to position */
function residueCount(
  residues: readonly bigint[],
  period: bigint,
  position: Expression,
  start: Expression,
): Expression {
  const wide = (expression: Expression): Expression => convertedTo(expression, longLongType);
  const below = (bound: Expression, residue: bigint): Expression =>
    createBinary(
      'divide',
      createBinary('add', wide(bound), createConstant(period - 1n - residue, longLongType), longLongType),
      createConstant(period, longLongType),
      longLongType,
    );
  const startsAtZero =
    stripWideningCasts(start).kind === 'constant' && (stripWideningCasts(start) as { value: bigint }).value === 0n;
  const counted = residues.map((residue) =>
    startsAtZero
      ? below(position, residue)
      : createBinary('subtract', below(position, residue), below(start, residue), longLongType),
  );
  return counted.reduce((sum, term) => createBinary('add', sum, term, longLongType));
}

function isOne(expression: Expression): boolean {
  const stripped = stripWideningCasts(expression);
  return stripped.kind === 'constant' && stripped.value === 1n;
}

function isZero(expression: Expression): boolean {
  const stripped = stripWideningCasts(expression);
  return stripped.kind === 'constant' && stripped.value === 0n;
}

/** the block with every occurrence of the condition (the same expression) replaced */
function replaceCondition(block: Block, condition: Expression, replacement: Expression): Block {
  return visitExpressionsInBlock(block, (expression) => replaceExpression(expression, condition, replacement));
}

/** the expression with every occurrence of `target` (the same expression) replaced */
function replaceExpression(expression: Expression, target: Expression, replacement: Expression): Expression {
  const replace = (node: Expression): Expression =>
    sameExpression(node, target) ? replacement : visitExpressionChildren(node, replace);
  return replace(expression);
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
