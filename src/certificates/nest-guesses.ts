// Guesses for nests of loops (issue 41), for the template certifier (templates.ts, houdini.ts): what
// an inner loop's head knows of the rounds of the loop around it.
// - Round starts: `x = e` and `a[c] = e` at the top of an outer loop's body, before an inner loop
//   (outside any `if`), e not reading what it sets: x == e at the inner head. Not inductive by
//   itself (the inner loop may change x), but the value an accumulator starts every round from
//   (accumulator-guesses.ts: `a[i] = 0; for (j …) a[i] = a[i] + j;` gives 2·a[i] == j·(j − 1)).
//   One of a scalar that the inner loop changes otherwise serves only them (entry-values.ts).
// - Flat fills: an outer loop over i (step 1, from e0 while i < B) whose body has an inner loop over
//   j (step 1, from f0(i)) whose body has, at its top, m[X(i) + j] = v (or m[j + X(i)]), X not
//   reading j, v reading neither iterator nor anything the nest changes nor m: the nest fills the
//   cells from s = X(e0) + f0(e0) on one after the other. Guesses: at the inner head
//   ∀k ∈ [s, X(i) + j). m[k] == v, at the outer head ∀k ∈ [s, X(i) + f0(i)). m[k] == v, at the
//   top-level loops after the nest ∀k ∈ [s, X(B) + f0(B)). m[k] == v (`m[i * N + j] = 1` over
//   i, j < N fills [0, N·N)). Whether the rounds' cells do join (X(i) + C(i) == X(i + 1) + f0(i + 1))
//   is Houdini's to find out.
// - Last rounds: such a nest whose inner loop runs from f0 (not reading i) while j < E(i) (or
//   j <= E(i)), E reading i (a triangle), and writes a[j] = v(i) at the top of its body or alone
//   under an `if` (a running maximum `if (a[j] < 3 * i) a[j] = 3 * i`), v reading neither j nor
//   what the nest changes but i: each cell holds the value of the last round that reached it when
//   the rounds reach ever more cells. Guesses: at the outer head ∀k ∈ [f0, E(i − 1)). a[k] == v(i − 1)
//   and, for each guess ∀k ∈ [lo, hi). a[k] == F(k) there, ∀k ∈ [E(i − 1), hi). a[k] == F(k); at the
//   inner head ∀k ∈ [f0, j). a[k] == v(i), ∀k ∈ [j, E(i − 1)). a[k] == v(i − 1) and
//   ∀k ∈ [max(j, E(i − 1)), hi). a[k] == F(k); at the top-level loops after the nest
//   ∀k ∈ [f0, E(B − 1)). a[k] == v(B − 1).
// Soundness: none is needed. Every guess is checked by Houdini and the certificate again by the
// checker; a guess that does not hold is dropped.

import type { LoopInfo } from '../analysis/loops.js';
import {
  createArrayRead,
  createBinary,
  createConditional,
  createConstant,
  createVariableExpression,
} from '../ir/factory.js';
import type { Expression, LoopStatement, ScalarVariable, Statement } from '../ir/types.js';
import {
  arrayReadsOf,
  isVariableExpression,
  scalarsReadBy,
  stripWideningCasts,
  substituteScalar,
  writtenVariables,
} from '../ir/visit.js';
import type { Guess } from './guess.js';
import { fullRange } from './ranges.js';

/** x == e and a[c] == e for the assignments at the top of the enclosing loop's body before the loop */
export function roundStartGuesses(loop: LoopStatement, enclosing: LoopStatement): Guess[] {
  const position = enclosing.body.indexOf(loop);
  if (position < 0) return [];
  return enclosing.body.slice(0, position).flatMap((statement): Guess[] => {
    if (statement.kind === 'assign' && !scalarsReadBy(statement.value).has(statement.target.id))
      return [
        {
          kind: 'plain',
          condition: createBinary('equal', createVariableExpression(statement.target), statement.value),
        },
      ];
    if (
      statement.kind === 'arrayWrite' &&
      !arrayReadsOf(statement.value).some((read) => read.array.id === statement.array.id)
    )
      return [
        {
          kind: 'plain',
          condition: createBinary('equal', createArrayRead(statement.array, statement.indices), statement.value),
        },
      ];
    return [];
  });
}

type ArrayWrite = Extract<Statement, { kind: 'arrayWrite' }>;

/** X for an index X + j or j + X (widening casts aside), X not reading j; undefined otherwise */
function offsetOf(index: Expression, column: ScalarVariable): Expression | undefined {
  const stripped = stripWideningCasts(index);
  if (stripped.kind !== 'binary' || stripped.operator !== 'add') return undefined;
  const [left, right] = [stripWideningCasts(stripped.left), stripWideningCasts(stripped.right)];
  if (isVariableExpression(right, column) && !scalarsReadBy(left).has(column.id)) return stripped.left;
  if (isVariableExpression(left, column) && !scalarsReadBy(right).has(column.id)) return stripped.right;
  return undefined;
}

/** the expression with sums and products of a constant 0 folded (0 * N + 0 is 0): fewer terms for the solver */
function folded(expression: Expression): Expression {
  if (expression.kind !== 'binary' || (expression.operator !== 'add' && expression.operator !== 'multiply'))
    return expression;
  const left = folded(expression.left);
  const right = folded(expression.right);
  const zero = (side: Expression): boolean => side.kind === 'constant' && side.value === 0n;
  if (expression.operator === 'add') return zero(right) ? left : zero(left) ? right : createBinary('add', left, right);
  return zero(left) ? left : zero(right) ? right : createBinary('multiply', left, right);
}

/** the flat-fill guesses of every nest (see the header), by loop id; `after` lists the top-level loops after a loop */
export function flatFillGuesses(
  loops: readonly LoopStatement[],
  infos: ReadonlyMap<number, LoopInfo>,
  cell: ScalarVariable,
  after: (loop: LoopStatement) => readonly LoopStatement[],
): Map<number, Guess[]> {
  const guesses = new Map<number, Guess[]>();
  const add = (loop: LoopStatement, guess: Guess): void => {
    guesses.set(loop.id, [...(guesses.get(loop.id) ?? []), guess]);
  };
  for (const outer of loops) {
    const inner = outer.body.find((statement): statement is LoopStatement => statement.kind === 'loop');
    const outerIterator = infos.get(outer.id)?.iterator;
    const innerIterator = inner === undefined ? undefined : infos.get(inner.id)?.iterator;
    if (inner === undefined || outerIterator?.initial === undefined || innerIterator?.initial === undefined) continue;
    if (outerIterator.step !== 1n || innerIterator.step !== 1n) continue;
    const row = outerIterator.variable;
    const column = innerIterator.variable;
    const changed = writtenVariables(outer.body, outer.update);
    const filled = (write: ArrayWrite): boolean =>
      ![...scalarsReadBy(write.value).keys()].some((id) => changed.scalars.has(id) || id === row.id) &&
      !arrayReadsOf(write.value).some((read) => changed.arrays.has(read.array.id));
    const first = (upTo: Expression): Expression => substituteScalar(upTo, row, outerIterator.initial!);
    for (const write of inner.body) {
      if (write.kind !== 'arrayWrite' || write.indices.length !== 1 || !filled(write)) continue;
      const offset = offsetOf(write.indices[0]!, column);
      if (offset === undefined) continue;
      const rowStart = folded(createBinary('add', offset, innerIterator.initial));
      const start = folded(first(rowStart));
      const over = (upper: Expression): Guess => ({
        kind: 'forall',
        variable: cell,
        lower: start,
        upper,
        condition: createBinary('equal', createArrayRead(write.array, [createVariableExpression(cell)]), write.value),
      });
      add(inner, over(createBinary('add', offset, createVariableExpression(column))));
      add(outer, over(rowStart));
      const rows = fullRange(infos.get(outer.id));
      if (rows === undefined) continue;
      for (const later of after(outer)) add(later, over(folded(substituteScalar(rowStart, row, rows.upper))));
    }
  }
  return guesses;
}

/** a triangle nest's write of the last-round family (see the header) */
interface LastRoundWrite {
  readonly outer: LoopStatement;
  readonly inner: LoopStatement;
  readonly row: ScalarVariable;
  readonly column: ScalarVariable;
  readonly start: Expression;
  /** the inner range's end E(i − 1) in the round before */
  readonly previousEnd: Expression;
  readonly write: ArrayWrite;
}

/** the last-round writes of the nest whose outer loop is `outer` (see the header) */
function lastRoundWrites(outer: LoopStatement, infos: ReadonlyMap<number, LoopInfo>): LastRoundWrite[] {
  const inner = outer.body.find((statement): statement is LoopStatement => statement.kind === 'loop');
  const outerIterator = infos.get(outer.id)?.iterator;
  const innerIterator = inner === undefined ? undefined : infos.get(inner.id)?.iterator;
  if (inner === undefined || outerIterator?.step !== 1n || innerIterator?.step !== 1n) return [];
  const row = outerIterator.variable;
  const column = innerIterator.variable;
  const { initial: start, bound } = innerIterator;
  if (start === undefined || bound === undefined || scalarsReadBy(start).has(row.id)) return [];
  if (!scalarsReadBy(bound).has(row.id)) return [];
  const end =
    innerIterator.comparison === 'less'
      ? bound
      : innerIterator.comparison === 'lessEqual'
        ? createBinary('add', bound, createConstant(1n, bound.type))
        : undefined;
  if (end === undefined) return [];
  const previousRow = createBinary('subtract', createVariableExpression(row), createConstant(1n, row.type));
  const previousEnd = substituteScalar(end, row, previousRow);
  const changed = writtenVariables(outer.body, outer.update);
  return inner.body.flatMap((top): LastRoundWrite[] => {
    const write = top.kind === 'if' && top.else.length === 0 && top.then.length === 1 ? top.then[0]! : top;
    if (write.kind !== 'arrayWrite' || write.indices.length !== 1) return [];
    if (!isVariableExpression(stripWideningCasts(write.indices[0]!), column)) return [];
    const reads = [...scalarsReadBy(write.value).keys()];
    if (reads.some((id) => id !== row.id && changed.scalars.has(id))) return [];
    if (arrayReadsOf(write.value).some((read) => changed.arrays.has(read.array.id))) return [];
    return [{ outer, inner, row, column, start, previousEnd, write }];
  });
}

/** ∀k ∈ [lower, upper). a[k] == value */
function filledWith(
  cell: ScalarVariable,
  write: ArrayWrite,
  lower: Expression,
  upper: Expression,
  value: Expression,
): Guess {
  return {
    kind: 'forall',
    variable: cell,
    lower,
    upper,
    condition: createBinary('equal', createArrayRead(write.array, [createVariableExpression(cell)]), value),
  };
}

/** the last-round guesses at the top-level loops after each nest, by loop id (see the header) */
export function lastRoundExits(
  loops: readonly LoopStatement[],
  infos: ReadonlyMap<number, LoopInfo>,
  cell: ScalarVariable,
  after: (loop: LoopStatement) => readonly LoopStatement[],
): Map<number, Guess[]> {
  const guesses = new Map<number, Guess[]>();
  for (const outer of loops) {
    const rows = fullRange(infos.get(outer.id));
    if (rows === undefined) continue;
    for (const found of lastRoundWrites(outer, infos)) {
      const atExit = (expression: Expression): Expression => substituteScalar(expression, found.row, rows.upper);
      const lastRow = createBinary('subtract', rows.upper, createConstant(1n, rows.upper.type));
      const guess = filledWith(
        cell,
        found.write,
        found.start,
        atExit(found.previousEnd),
        substituteScalar(found.write.value, found.row, lastRow),
      );
      for (const later of after(outer)) guesses.set(later.id, [...(guesses.get(later.id) ?? []), guess]);
    }
  }
  return guesses;
}

/**
 * the last-round guesses at the loop's head when it is the outer or the inner loop of a nest of the
 * family (see the header); `guesses` are the loop's other guesses, for the cells not reached yet
 */
export function lastRoundGuesses(
  guesses: readonly Guess[],
  loop: LoopStatement,
  enclosing: LoopStatement | undefined,
  infos: ReadonlyMap<number, LoopInfo>,
  cell: ScalarVariable,
): Guess[] {
  const asOuter = lastRoundWrites(loop, infos);
  const asInner =
    enclosing === undefined ? [] : lastRoundWrites(enclosing, infos).filter((found) => found.inner === loop);
  const result: Guess[] = [];
  for (const found of [...asOuter, ...asInner]) {
    const { row, column, start, previousEnd, write } = found;
    const previousRow = createBinary('subtract', createVariableExpression(row), createConstant(1n, row.type));
    const previousValue = substituteScalar(write.value, row, previousRow);
    const inner = found.inner === loop;
    const counter = createVariableExpression(column);
    const untouched = inner
      ? createConditional(createBinary('greater', counter, previousEnd), counter, previousEnd, previousEnd.type)
      : previousEnd;
    if (inner)
      result.push(
        filledWith(cell, write, start, counter, write.value),
        filledWith(cell, write, counter, previousEnd, previousValue),
      );
    else result.push(filledWith(cell, write, start, previousEnd, previousValue));
    for (const guess of guesses)
      if (
        guess.kind === 'forall' &&
        guess.second === undefined &&
        guess.condition.kind === 'binary' &&
        guess.condition.operator === 'equal' &&
        guess.condition.left.kind === 'arrayRead' &&
        guess.condition.left.array.id === write.array.id &&
        isVariableExpression(guess.condition.left.indices[0]!, guess.variable)
      )
        result.push({ ...guess, lower: untouched });
  }
  return result;
}
