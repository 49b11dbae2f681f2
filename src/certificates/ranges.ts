// The ranges of cells a loop's iterator visits (issue 41), for the template guesses (templates.ts,
// grid-guesses.ts): the cells done at the loop's head and every cell of the loop, read off
// analysis/loops.ts's iterator (initial value, step ±1, bound). Guesses only: nothing here is trusted.

import type { LoopInfo } from '../analysis/loops.js';
import { createBinary, createConstant, createVariableExpression } from '../ir/factory.js';
import type { Expression, LoopStatement, ScalarVariable } from '../ir/types.js';
import { scalarsReadBy, writtenVariables } from '../ir/visit.js';

/** a range of cells [lower, upper) */
export interface Range {
  readonly lower: Expression;
  readonly upper: Expression;
}

/** expression + 1, in its type */
export function plusOne(expression: Expression): Expression {
  return createBinary('add', expression, createConstant(1n, expression.type));
}

/** the cells the loop's iterator (step ±1) has visited at its head: [e0, i) up, [i + 1, e0 + 1) down */
export function doneRange(info: LoopInfo | undefined): Range | undefined {
  const iterator = info?.iterator;
  if (iterator?.initial === undefined) return undefined;
  const counter = createVariableExpression(iterator.variable);
  if (iterator.step === 1n) return { lower: iterator.initial, upper: counter };
  if (iterator.step === -1n) return { lower: plusOne(counter), upper: plusOne(iterator.initial) };
  return undefined;
}

/** every cell the loop's iterator visits: [e0, B) for `i < B` up, [B, e0 + 1) / [B + 1, e0 + 1) down */
export function fullRange(info: LoopInfo | undefined): Range | undefined {
  const iterator = info?.iterator;
  if (iterator?.initial === undefined || iterator.bound === undefined) return undefined;
  if (iterator.step === 1n && iterator.comparison === 'less') return { lower: iterator.initial, upper: iterator.bound };
  if (iterator.step === 1n && iterator.comparison === 'lessEqual')
    return { lower: iterator.initial, upper: plusOne(iterator.bound) };
  if (iterator.step === -1n && iterator.comparison === 'greaterEqual')
    return { lower: iterator.bound, upper: plusOne(iterator.initial) };
  if (iterator.step === -1n && iterator.comparison === 'greater')
    return { lower: plusOne(iterator.bound), upper: plusOne(iterator.initial) };
  return undefined;
}

/** a counting-up loop's counter (step 1) and the cells a ∀-guess over it covers */
export interface CounterCells extends Range {
  readonly counter: ScalarVariable;
}

/** [e0, i) at the loop's head, or [e0, B) at the loops after it (`full`, for `i < B`); undefined for another loop */
export function counterCells(info: LoopInfo | undefined, full: boolean): CounterCells | undefined {
  const iterator = info?.iterator;
  if (iterator?.initial === undefined || iterator.step !== 1n) return undefined;
  if (full && (iterator.bound === undefined || iterator.comparison !== 'less')) return undefined;
  const counter = iterator.variable;
  return { counter, lower: iterator.initial, upper: full ? iterator.bound! : createVariableExpression(counter) };
}

/** whether an expression reads nothing the loop changes but its counter (a value fixed per round) */
export function steadyIn(loop: LoopStatement, counter: ScalarVariable): (expression: Expression) => boolean {
  const changed = writtenVariables(loop.body, loop.update).scalars;
  return (expression) => [...scalarsReadBy(expression).keys()].every((id) => id === counter.id || !changed.has(id));
}
