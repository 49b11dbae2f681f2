// Guesses for nests of loops (issue 41), for the template certifier (templates.ts, houdini.ts): what
// an inner loop's head knows of the rounds of the loop around it.
// - Round starts: `x = e` and `a[c] = e` at the top of an outer loop's body, before an inner loop
//   (outside any `if`), e not reading what it sets: x == e at the inner head. Not inductive by
//   itself (the inner loop may change x), but the value an accumulator starts every round from
//   (accumulator-guesses.ts: `a[i] = 0; for (j …) a[i] = a[i] + j;` gives 2·a[i] == j·(j − 1)).
// - Flat fills: an outer loop over i (step 1, from e0 while i < B) whose body has an inner loop over
//   j (step 1, from f0(i)) whose body has, at its top, m[X(i) + j] = v (or m[j + X(i)]), X not
//   reading j, v reading neither iterator nor anything the nest changes nor m: the nest fills the
//   cells from s = X(e0) + f0(e0) on one after the other. Guesses: at the inner head
//   ∀k ∈ [s, X(i) + j). m[k] == v, at the outer head ∀k ∈ [s, X(i) + f0(i)). m[k] == v, at the
//   top-level loops after the nest ∀k ∈ [s, X(B) + f0(B)). m[k] == v (`m[i * N + j] = 1` over
//   i, j < N fills [0, N·N)). Whether the rounds' cells do join (X(i) + C(i) == X(i + 1) + f0(i + 1))
//   is Houdini's to find out.
// Soundness: none is needed. Every guess is checked by Houdini and the certificate again by the
// checker; a guess that does not hold is dropped.

import type { LoopInfo } from '../analysis/loops.js';
import { createArrayRead, createBinary, createVariableExpression } from '../ir/factory.js';
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
