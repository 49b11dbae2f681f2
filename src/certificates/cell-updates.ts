// The cell updates that accumulator-guesses.ts sums over a loop's rounds (issue 41): the guesses it
// starts from (∀k ∈ [lo, hi). g(k) → c·a[k] == F(k)), the updates `a[j] = a[j] ± d` at the top of a
// loop's body or alone under an `if`, and which cells such an update changes when its guard is the
// same every round. Guesses only: nothing here is trusted (Houdini and the checker judge them).

import {
  createArrayRead,
  createBinary,
  createConditional,
  createUnary,
  createVariableExpression,
} from '../ir/factory.js';
import type { ArrayVariable, Expression, LoopStatement, ScalarVariable, Statement } from '../ir/types.js';
import {
  arrayReadsOf,
  forEachStatement,
  sameExpression,
  scalarsReadBy,
  stripWideningCasts,
  substituteScalar,
} from '../ir/visit.js';
import type { Guess } from './guess.js';

/** ∀ cell ∈ [lower, upper). guard(cell) → factor · a[cell] == value(cell): a guess about an array's cells */
export interface CellGuess {
  readonly array: number;
  readonly factor: bigint;
  readonly cell: ScalarVariable;
  readonly lower: Expression;
  readonly upper: Expression;
  readonly value: Expression;
  /** the cells it says something of (all of the range when absent), not reading the array */
  readonly guard?: Expression;
}

export function cellGuessOf(guess: Guess): CellGuess | undefined {
  if (guess.kind !== 'forall' || guess.second !== undefined) return undefined;
  let condition = guess.condition;
  let guard: Expression | undefined;
  if (
    condition.kind === 'binary' &&
    condition.operator === 'logicalOr' &&
    condition.left.kind === 'unary' &&
    condition.left.operator === 'logicalNot'
  ) {
    guard = condition.left.operand;
    condition = condition.right;
  }
  if (condition.kind !== 'binary' || condition.operator !== 'equal') return undefined;
  const right = condition.right;
  let left = stripWideningCasts(condition.left);
  let factor = 1n;
  if (left.kind === 'binary' && left.operator === 'multiply' && left.left.kind === 'constant' && left.left.value > 0n) {
    factor = left.left.value;
    left = stripWideningCasts(left.right);
  }
  if (left.kind !== 'arrayRead' || left.indices.length !== 1) return undefined;
  const index = left.indices[0]!;
  if (index.kind !== 'variable' || index.variable.id !== guess.variable.id) return undefined;
  const array = left.array.id;
  if (
    [right, ...(guard === undefined ? [] : [guard])].some((side) =>
      arrayReadsOf(side).some((read) => read.array.id === array),
    )
  )
    return undefined;
  const cellGuess = { array, factor, cell: guess.variable, lower: guess.lower, upper: guess.upper, value: right };
  return guard === undefined ? cellGuess : { ...cellGuess, guard };
}

/** a cell update of cellIncrements: the array, what it adds, and the `if` condition it is under, if any */
export interface CellIncrement {
  readonly array: ArrayVariable;
  readonly increment: Expression;
  readonly guard?: Expression;
  /**
   * `if (a[j] > L) a[j] = a[j] − 1` (a floor L) or `if (a[j] < U) a[j] = a[j] + 1` (a ceiling U):
   * a cell that starts on the right side of the bound ends at the bound when it would pass it
   */
  readonly clamp?: Clamp;
}

export interface Clamp {
  readonly bound: Expression;
  readonly floor: boolean;
}

/** the clamp of an update under `guard` adding `increment` to `self`, if it is one (see CellIncrement) */
function clampOf(guard: Expression | undefined, self: Expression, increment: Expression): Clamp | undefined {
  const stripped = guard === undefined ? undefined : stripWideningCasts(guard);
  if (stripped?.kind !== 'binary' || !sameExpression(stripWideningCasts(stripped.left), self)) return undefined;
  const step = stripWideningCasts(increment);
  const one = (expression: Expression): boolean => expression.kind === 'constant' && expression.value === 1n;
  const down = step.kind === 'unary' && step.operator === 'negate' && one(stripWideningCasts(step.operand));
  if (stripped.operator === 'greater' && down) return { bound: stripped.right, floor: true };
  if (stripped.operator === 'less' && one(step)) return { bound: stripped.right, floor: false };
  return undefined;
}

/** the value v kept on the right side of the clamp's bound: v > L ? v : L for a floor, v < U ? v : U for a ceiling */
export function clamped(value: Expression, clamp: Clamp): Expression {
  const inside = createBinary(clamp.floor ? 'greater' : 'less', value, clamp.bound);
  return createConditional(inside, value, clamp.bound, value.type);
}

/**
 * `a[j] = a[j] + d` (or `a[j] − d`) at the top of a loop's body or alone in an `if (g)` there
 * without else, j its iterator, a written nowhere else in the loop: a, d and g
 */
export function cellIncrements(loop: LoopStatement, iterator: ScalarVariable): Map<number, CellIncrement> {
  const writes = new Map<number, number>();
  forEachStatement([...loop.body, ...loop.update], (statement) => {
    if (statement.kind === 'arrayWrite' || statement.kind === 'arrayHavoc')
      writes.set(statement.array.id, (writes.get(statement.array.id) ?? 0) + 1);
  });
  const increments = new Map<number, CellIncrement>();
  for (const top of loop.body) {
    const guarded = top.kind === 'if' && top.else.length === 0 && top.then.length === 1;
    const statement = guarded ? top.then[0]! : top;
    if (statement.kind !== 'arrayWrite' || statement.indices.length !== 1 || writes.get(statement.array.id) !== 1)
      continue;
    const index = statement.indices[0]!;
    if (index.kind !== 'variable' || index.variable.id !== iterator.id) continue;
    const value = stripWideningCasts(statement.value);
    if (value.kind !== 'binary' || (value.operator !== 'add' && value.operator !== 'subtract')) continue;
    const self = createArrayRead(statement.array, statement.indices);
    const isSelf = (side: Expression): boolean => sameExpression(stripWideningCasts(side), self);
    const increment =
      value.operator === 'subtract'
        ? isSelf(value.left)
          ? createUnary('negate', value.right)
          : undefined
        : isSelf(value.left)
          ? value.right
          : isSelf(value.right)
            ? value.left
            : undefined;
    if (increment === undefined || arrayReadsOf(increment).some((read) => read.array.id === statement.array.id))
      continue;
    const guard = guarded ? (top as Extract<Statement, { kind: 'if' }>).condition : undefined;
    const clamp = clampOf(guard, self, increment);
    increments.set(statement.array.id, {
      array: statement.array,
      increment,
      ...(guard === undefined ? {} : { guard }),
      ...(clamp === undefined ? {} : { clamp }),
    });
  }
  return increments;
}

/**
 * The guard of an update at the cell, when it reads nothing `changed` but the iterator (the same
 * cells every round: `if (j % 2 == 0)`); undefined otherwise, where the guesses take the update as
 * if it were unguarded (`if (a[j] > 0) a[j] = a[j] − 1` on cells that stay positive), which
 * Houdini judges like any guess
 */
export function steadyGuard(
  update: CellIncrement,
  iterator: ScalarVariable,
  cell: ScalarVariable,
  changed: { readonly scalars: ReadonlySet<number>; readonly arrays: ReadonlySet<number> },
): Expression | undefined {
  const guard = update.guard;
  if (guard === undefined) return undefined;
  if ([...scalarsReadBy(guard).keys()].some((id) => id !== iterator.id && changed.scalars.has(id))) return undefined;
  if (arrayReadsOf(guard).some((read) => changed.arrays.has(read.array.id))) return undefined;
  return substituteScalar(guard, iterator, createVariableExpression(cell));
}

/**
 * which cells of an entry guess an update under `written` changes and which it leaves as they were:
 * undefined when the entry's guard and the update's differ
 */
export function splitGuards(
  entry: CellGuess,
  written: Expression | undefined,
): { readonly changed: Expression | undefined; readonly kept: Expression | undefined } | undefined {
  if (written === undefined) return { changed: entry.guard, kept: undefined };
  if (entry.guard === undefined) return { changed: written, kept: createUnary('logicalNot', written) };
  return sameExpression(entry.guard, written) ? { changed: written, kept: undefined } : undefined;
}
