// Guesses for running maxima and minima over values known per cell (issue 41), for the template
// certifier (templates.ts, houdini.ts):
//   for (i = 0; i < N; i++) a[i] = i + N;   then   for (k = 0; k < N; k++) if (a[k] > m) m = a[k];
//     at the second loop:  m == (k > 0 && a(k − 1) > m0 ? a(k − 1) : m0)
// with a(t) the value a ∀-guess gives cell t and m0 the value m had before the loop: the running
// maximum of values that grow with the counter is the last one seen (or m0); of values that shrink,
// the first one (both are guessed; Houdini keeps the one that holds). Mirrored for a minimum.
//
// Soundness: none is needed. Every guess is checked by Houdini and the certificate again by the
// checker.

import type { LoopInfo } from '../analysis/loops.js';
import { createBinary, createConditional, createConstant, createVariableExpression } from '../ir/factory.js';
import type { Expression, LoopStatement, ScalarVariable } from '../ir/types.js';
import { sameExpression, stripWideningCasts, substituteScalar } from '../ir/visit.js';
import type { Guess } from './guess.js';
import { cellValues, entryValues } from './periodic-guesses.js';
import { counterCells, steadyIn } from './ranges.js';

/** the guesses of the header for `if (R > m) m = R` (or `<` for a minimum) at the top of the loop's body */
export function runningExtremeGuesses(
  guesses: readonly Guess[],
  loop: LoopStatement,
  info: LoopInfo | undefined,
): Guess[] {
  const cells = counterCells(info, false);
  if (cells === undefined) return [];
  const { counter, lower } = cells;
  const known = cellValues(guesses);
  const result: Guess[] = [];
  for (const statement of loop.body) {
    if (statement.kind !== 'if' || statement.else.length !== 0 || statement.then.length !== 1) continue;
    const update = statement.then[0]!;
    const condition = statement.condition;
    if (update.kind !== 'assign' || condition.kind !== 'binary') continue;
    const target = createVariableExpression(update.target);
    const read = stripWideningCasts(update.value);
    if (read.kind !== 'arrayRead' || read.indices.length !== 1) continue;
    const index = stripWideningCasts(read.indices[0]!);
    const value = known.get(read.array.id);
    if (index.kind !== 'variable' || index.variable.id !== counter.id || value === undefined) continue;
    // R > m, m < R (a maximum) or R < m, m > R (a minimum), strict or not
    const left = stripWideningCasts(condition.left);
    const right = stripWideningCasts(condition.right);
    const readFirst = sameExpression(left, read) && sameExpression(right, target);
    const targetFirst = sameExpression(left, target) && sameExpression(right, read);
    if (!readFirst && !targetFirst) continue;
    const greater = ['greater', 'greaterEqual'].includes(condition.operator);
    const less = ['less', 'lessEqual'].includes(condition.operator);
    if (!greater && !less) continue;
    const maximum = readFirst ? greater : less;
    const at = (round: Expression): Expression => substituteScalar(value.value, value.cell, round);
    const previous = createBinary('subtract', createVariableExpression(counter), createConstant(1n, counter.type));
    for (const entry of entryValues(guesses, target))
      for (const seen of [at(previous), at(lower)]) {
        const beats = createBinary(maximum ? 'greater' : 'less', seen, entry);
        const started = createBinary('greater', createVariableExpression(counter), lower);
        const extreme = createConditional(createBinary('logicalAnd', started, beats), seen, entry, target.type);
        result.push({ kind: 'plain', condition: createBinary('equal', target, extreme) });
      }
  }
  return result;
}

/**
 * ∀k ∈ cells. m <= R(k) for a running minimum `if (m > R(i)) m = R(i);` at the top of the loop's body
 * (m >= R(k) for a maximum), R(i) any value of the round (cells unknown included): over the cells seen
 * at its head, over all of them (`full`) at the loops after it, where m no longer changes
 */
export function extremeBoundGuesses(
  loop: LoopStatement,
  info: LoopInfo | undefined,
  cell: ScalarVariable,
  full: boolean,
): Guess[] {
  const cells = counterCells(info, full);
  if (cells === undefined) return [];
  const { counter, lower, upper } = cells;
  const steady = steadyIn(loop, counter);
  const result: Guess[] = [];
  for (const statement of loop.body) {
    if (statement.kind !== 'if' || statement.else.length !== 0 || statement.condition.kind !== 'binary') continue;
    const condition = statement.condition;
    const left = stripWideningCasts(condition.left);
    const right = stripWideningCasts(condition.right);
    for (const update of statement.then) {
      if (update.kind !== 'assign' || !steady(update.value)) continue;
      const target = createVariableExpression(update.target);
      const value = stripWideningCasts(update.value);
      const valueFirst = sameExpression(left, value) && sameExpression(right, target);
      const targetFirst = sameExpression(left, target) && sameExpression(right, value);
      if (!valueFirst && !targetFirst) continue;
      const greater = ['greater', 'greaterEqual'].includes(condition.operator);
      const less = ['less', 'lessEqual'].includes(condition.operator);
      if (!greater && !less) continue;
      const maximum = valueFirst ? greater : less;
      const atCell = substituteScalar(update.value, counter, createVariableExpression(cell));
      const bound = createBinary(maximum ? 'greaterEqual' : 'lessEqual', target, atCell);
      result.push({ kind: 'forall', variable: cell, lower, upper, condition: bound });
    }
  }
  return result;
}
