// Guesses for cells updated in place (issue 41), for the template certifier (templates.ts,
// houdini.ts): a loop over i (step ±1) whose body has, outside any `if`, `a[i] = U(a[i], i)` (U
// reads a only at [i], and no scalar the loop changes but i; the loop writes a nowhere else), any U:
// `a[i] += 200` on unsigned char cells is, with exact wraps, `a[i] = a[i] + 200 > 255 ? a[i] + 200 −
// 256 : a[i] + 200` (accumulator-guesses.ts sums only the polynomial updates a[i] + d(i)).
// - The cells done: for each guess ∀k ∈ [lo, hi). a[k] == F(k) of the loop (the cells on entry,
//   from the loops before it: a copy `a[k] == b[k]`, an earlier update), ∀k ∈ done. a[k] ==
//   U(F(k), k) at its head; the cells not reached yet keep F (templates.ts's untouched cells); at
//   the top-level loops after it ∀k ∈ [e0, B). a[k] == U(F(k), k) (templates.ts's exits). Not
//   where U(F(k), k) grows past a bound (an exact wrap reads its operand three times, so a chain of
//   k updates composed is 3^k copies of the first value).
// - The cells' type range: in `c` the values are read over the integers, and a wrap written
//   exactly comes back only from values in range (`(b + 200) % 256 + 56` wraps back to b only for
//   0 ≤ b ≤ 255), which the clauses know of a havoc but not of a cell copied from one. So for every
//   array of unsigned cells of the type of an array updated so (ranged), at each loop that writes
//   it at its counter: ∀k ∈ done. 0 ≤ x[k] ≤ max at its head, over [e0, B) after it.
// Soundness: none is needed. Every guess is checked by Houdini and the certificate again by the
// checker (check.ts); a guess that does not hold is dropped.

import type { LoopInfo } from '../analysis/loops.js';
import { typeRange } from '../ir/c-integers.js';
import { createArrayRead, createBinary, createConstant, createVariableExpression } from '../ir/factory.js';
import type { ArrayVariable, Expression, LoopStatement, Program, ScalarVariable, Statement } from '../ir/types.js';
import {
  arrayReadsOf,
  expressionSize,
  forEachStatement,
  isVariableExpression,
  sameExpression,
  scalarsReadBy,
  stripWideningCasts,
  substituteScalar,
  visitExpressionChildren,
  writtenVariables,
} from '../ir/visit.js';
import { printExpression } from '../ir/print.js';
import { cellGuessOf } from './cell-updates.js';
import type { Guess } from './guess.js';
import { doneRange } from './ranges.js';

type ArrayWrite = Extract<Statement, { kind: 'arrayWrite' }>;

/** the updates a[i] = U(a[i], i) in the loop's body, outside any `if` (see the header) */
function inPlaceUpdates(loop: LoopStatement, iterator: ScalarVariable): ArrayWrite[] {
  const writes = new Map<number, number>();
  forEachStatement([...loop.body, ...loop.update], (statement) => {
    if (statement.kind === 'arrayWrite' || statement.kind === 'arrayHavoc' || statement.kind === 'arrayFill')
      writes.set(statement.array.id, (writes.get(statement.array.id) ?? 0) + 1);
  });
  const changed = writtenVariables(loop.body, loop.update).scalars;
  return loop.body.flatMap((statement): ArrayWrite[] => {
    if (statement.kind !== 'arrayWrite' || statement.indices.length !== 1) return [];
    if (writes.get(statement.array.id) !== 1) return [];
    if (!isVariableExpression(stripWideningCasts(statement.indices[0]!), iterator)) return [];
    const own = arrayReadsOf(statement.value).filter((read) => read.array.id === statement.array.id);
    if (own.length === 0 || !own.every((read) => sameExpression(read.indices[0]!, statement.indices[0]!))) return [];
    if ([...scalarsReadBy(statement.value).keys()].some((id) => id !== iterator.id && changed.has(id))) return [];
    return [statement];
  });
}

/** ∀k ∈ done. a[k] == U(F(k), k) for each update of the loop and each entry guess ∀k. a[k] == F(k) among `guesses` */
export function inPlaceUpdateGuesses(
  guesses: readonly Guess[],
  loop: LoopStatement,
  info: LoopInfo | undefined,
): Guess[] {
  const iterator = info?.iterator?.variable;
  const done = doneRange(info);
  if (iterator === undefined || done === undefined) return [];
  const updates = inPlaceUpdates(loop, iterator);
  if (updates.length === 0) return [];
  const result = new Map<string, Guess>();
  for (const guess of guesses) {
    const entry = cellGuessOf(guess);
    if (entry === undefined || entry.factor !== 1n || entry.guard !== undefined) continue;
    if (scalarsReadBy(entry.value).has(iterator.id)) continue;
    for (const update of updates.filter((write) => write.array.id === entry.array)) {
      const cell = createVariableExpression(entry.cell);
      const atCell = substituteScalar(update.value, iterator, cell);
      const value = updatedValue(update.array, atCell, stripWideningCasts(entry.value));
      // an exact wrap reads its operand three times: a chain of updates composed grows as 3^k
      if (expressionSize(value) > maximumValueSize) continue;
      const condition = createBinary('equal', createArrayRead(update.array, [cell]), value);
      result.set(printExpression(condition), {
        kind: 'forall',
        variable: entry.cell,
        lower: done.lower,
        upper: done.upper,
        condition,
      });
    }
  }
  return [...result.values()];
}

/** U(F): an update's value with its reads of the updated array replaced by the entry value F (also grid-updates.ts) */
export function updatedValue(array: ArrayVariable, value: Expression, entry: Expression): Expression {
  const replace = (expression: Expression): Expression =>
    expression.kind === 'arrayRead' && expression.array.id === array.id
      ? entry
      : visitExpressionChildren(expression, replace);
  return replace(value);
}

/** the most nodes of a value U(F(k), k): two exact wraps of `+ c` composed over a cast cell read are 83, three 260 */
const maximumValueSize = 120;

/** the arrays of unsigned cells of the type of an array that some loop updates in place (see the header) */
export function rangedArrays(program: Program, infos: ReadonlyMap<number, LoopInfo>): Set<number> {
  const types = new Set<string>();
  forEachStatement(program.body, (statement) => {
    const iterator = statement.kind === 'loop' ? infos.get(statement.id)?.iterator?.variable : undefined;
    if (statement.kind !== 'loop' || iterator === undefined) return;
    for (const update of inPlaceUpdates(statement, iterator))
      if (!update.array.elementType.signed) types.add(JSON.stringify(update.array.elementType));
  });
  return new Set(
    program.arrays
      .filter((array) => array.sizes.length === 1 && types.has(JSON.stringify(array.elementType)))
      .map((array) => array.id),
  );
}

/** ∀k ∈ done. 0 ≤ x[k] ≤ max for each ranged array x that the loop writes at its counter */
export function cellTypeRangeGuesses(
  loop: LoopStatement,
  info: LoopInfo | undefined,
  ranged: ReadonlySet<number>,
  cellVariable: ScalarVariable,
): Guess[] {
  const iterator = info?.iterator?.variable;
  const done = doneRange(info);
  if (iterator === undefined || done === undefined || ranged.size === 0) return [];
  const written = new Map<number, ArrayWrite>();
  forEachStatement(loop.body, (statement) => {
    if (
      statement.kind === 'arrayWrite' &&
      ranged.has(statement.array.id) &&
      statement.indices.length === 1 &&
      isVariableExpression(stripWideningCasts(statement.indices[0]!), iterator)
    )
      written.set(statement.array.id, statement);
  });
  const cell = createVariableExpression(cellVariable);
  return [...written.values()].map((write): Guess => {
    const type = write.array.elementType;
    const { minimum, maximum } = typeRange(type);
    const value = createArrayRead(write.array, [cell]);
    return {
      kind: 'forall',
      variable: cellVariable,
      lower: done.lower,
      upper: done.upper,
      condition: createBinary(
        'logicalAnd',
        createBinary('lessEqual', createConstant(minimum, type), value),
        createBinary('lessEqual', value, createConstant(maximum, type)),
      ),
    };
  });
}
