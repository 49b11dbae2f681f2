// Guesses for cells written under a condition or with an accumulator's value (issue 41), for the
// template certifier (templates.ts, houdini.ts):
//   for (i = 0; i < N; i++) if (i != z) b[i] = a[i];
//     at the loop:        ∀k ∈ [0, i). !(k != z) || b[k] == a[k]      (and over [0, N) after it)
//   for (i = 0; i < N; i++) { a[i] = j; j = j + i; }       with the guess 2·j == i·(i − 1)
//     at the loop:        ∀k ∈ [0, i). 2·a[k] == k·(k − 1)
//   for (i = 0; i < N; i++) if (a[i] != b[i]) equal = 0;      (a flag)
//     at the loop:        ∀k ∈ [0, i). equal == 0 || !(a[k] != b[k])
// The first for a write at the counter in one branch of an `if` at the top of the body (the other
// branch not writing that array); the second for a write a[i] = x at the top of the body, before
// any assignment to x, x a scalar that a guess of the loop relates to the counter (the guess with
// x read as a[k] and the counter as k).
//
// Soundness: none is needed. Every guess is checked by Houdini and the certificate again by the
// checker; a guess made under an assumption that fails is only a guess that is dropped.

import type { LoopInfo } from '../analysis/loops.js';
import { createArrayRead, createBinary, createUnary, createVariableExpression } from '../ir/factory.js';
import type { Block, Expression, LoopStatement, ScalarVariable } from '../ir/types.js';
import { scalarsReadBy, stripWideningCasts, substituteScalar, writtenVariables } from '../ir/visit.js';
import type { Guess } from './guess.js';
import { counterCells, steadyIn } from './ranges.js';

/** ∀k ∈ [e0, upper). C(k) → a[k] == e(k) for `if (C) a[i] = e` (and ¬C for the else branch) at the top of the body */
export function guardedWriteGuesses(
  loop: LoopStatement,
  info: LoopInfo | undefined,
  cell: ScalarVariable,
  full: boolean,
): Guess[] {
  const cells = counterCells(info, full);
  if (cells === undefined) return [];
  const { counter, lower, upper } = cells;
  const steady = steadyIn(loop, counter);
  const cellExpression = createVariableExpression(cell);
  const at = (expression: Expression): Expression => substituteScalar(expression, counter, cellExpression);
  const guesses: Guess[] = [];
  for (const statement of loop.body) {
    if (statement.kind !== 'if' || !steady(statement.condition)) continue;
    const branches: [Block, Block, boolean][] = [
      [statement.then, statement.else, true],
      [statement.else, statement.then, false],
    ];
    for (const [writing, other, positive] of branches) {
      const otherArrays = new Set(writtenVariables(other).arrays.keys());
      for (const write of writing) {
        if (write.kind !== 'arrayWrite' || write.indices.length !== 1 || otherArrays.has(write.array.id)) continue;
        const index = stripWideningCasts(write.indices[0]!);
        if (index.kind !== 'variable' || index.variable.id !== counter.id || !steady(write.value)) continue;
        const guard = positive ? createUnary('logicalNot', at(statement.condition)) : at(statement.condition);
        const equality = createBinary('equal', createArrayRead(write.array, [cellExpression]), at(write.value));
        guesses.push({
          kind: 'forall',
          variable: cell,
          lower,
          upper,
          condition: createBinary('logicalOr', guard, equality),
        });
      }
    }
  }
  return guesses;
}

/** ∀k ∈ [e0, i). G(a[k], k) for a write a[i] = x before x changes, G(x, i) a plain guess of the loop (see the header) */
export function accumulatorWriteGuesses(
  guesses: readonly Guess[],
  loop: LoopStatement,
  info: LoopInfo | undefined,
  cell: ScalarVariable,
): Guess[] {
  const iterator = info?.iterator;
  if (iterator?.initial === undefined || iterator.step !== 1n) return [];
  const counter = iterator.variable;
  const cellExpression = createVariableExpression(cell);
  const result: Guess[] = [];
  const assigned = new Set<number>();
  for (const statement of loop.body) {
    if (statement.kind === 'arrayWrite' && statement.indices.length === 1) {
      const index = stripWideningCasts(statement.indices[0]!);
      const value = stripWideningCasts(statement.value);
      if (
        index.kind === 'variable' &&
        index.variable.id === counter.id &&
        value.kind === 'variable' &&
        value.variable.id !== counter.id &&
        !assigned.has(value.variable.id)
      ) {
        const read = createArrayRead(statement.array, [cellExpression]);
        for (const guess of guesses) {
          if (guess.kind !== 'plain' || guess.condition.kind !== 'binary' || guess.condition.operator !== 'equal')
            continue;
          const reads = scalarsReadBy(guess.condition);
          if (!reads.has(value.variable.id) || !reads.has(counter.id)) continue;
          const condition = substituteScalar(
            substituteScalar(guess.condition, counter, cellExpression),
            value.variable,
            read,
          );
          result.push({
            kind: 'forall',
            variable: cell,
            lower: iterator.initial,
            upper: createVariableExpression(counter),
            condition,
          });
        }
      }
    }
    for (const id of writtenVariables([statement]).scalars.keys()) assigned.add(id);
  }
  return result;
}

/**
 * ∀k ∈ [e0, upper). f == v || !C(k) for a flag `if (C(i)) f = v;` at the top of the body (v a
 * constant; the flag stays v once set): `if (a[i] != b[i]) equal = 0` gives ∀k. equal == 0 || a[k] == b[k]
 */
export function flagGuesses(
  loop: LoopStatement,
  info: LoopInfo | undefined,
  cell: ScalarVariable,
  full: boolean,
): Guess[] {
  const cells = counterCells(info, full);
  if (cells === undefined) return [];
  const { counter, lower, upper } = cells;
  const steady = steadyIn(loop, counter);
  const cellExpression = createVariableExpression(cell);
  const guesses: Guess[] = [];
  for (const statement of loop.body) {
    if (statement.kind !== 'if' || statement.else.length !== 0 || statement.then.length !== 1) continue;
    const assignment = statement.then[0]!;
    if (assignment.kind !== 'assign' || stripWideningCasts(assignment.value).kind !== 'constant') continue;
    if (!steady(statement.condition)) continue;
    const set = createBinary('equal', createVariableExpression(assignment.target), assignment.value);
    const notMet = createUnary('logicalNot', substituteScalar(statement.condition, counter, cellExpression));
    guesses.push({ kind: 'forall', variable: cell, lower, upper, condition: createBinary('logicalOr', set, notMet) });
  }
  return guesses;
}
