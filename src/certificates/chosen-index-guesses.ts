// Guesses for loops that write cells at an index they choose (issue 41, the sum-writes class of issue
// 43), for the template certifier (templates.ts, houdini.ts):
//   while (1) {
//     k = havoc(); if (!(k >= L && k < H)) { …; break; }     (or assume(k >= L && k < H))
//     if (k == p) { a[k] = f1(k); } else { a[k] = f2(k); } b[k] = g(k);
//     u = havoc(); if (u == 0) { break; }
//   }
// After any number of rounds every cell of [L, H) holds, in every array the loop writes, either its
// value before the loop or the value the body writes at its index, and the cells of one index do so
// together (the body writes all of them at once). The guesses, at the loop's head and at the loops
// after it, with B(j) the value before the loop (a ∀-guess of the loop's head, e.g. from a zeroing
// loop) and W(j) the value written at j (the branches of the ifs as conditional values):
//   ∀j ∈ [L, H). (a[j] == Ba(j) && b[j] == Bb(j)) || (a[j] == Wa(j) && b[j] == Wb(j))
// (the body writes every array on every path, or the loop is not recognised, so the joint fact is
// all there is to say of the cells: not each array alone besides, which would only cost questions)
// and, at a loop after it over i from e0 that accumulates (`s = s + a[i] + b[i]`), for each p of a
// condition `k == p` in the body (the index where the written value changes form):
//   i > p || s == s0      (s0 the value s has on entry: a guess of that loop's head, `s == 0`)
// which says that the sum has not changed before the special index, where the cells of every other
// index cancel (or are 0): a bound of the sum alone is then not inductive, since it does not say
// that the special index's delta is still to come.
//
// Soundness: none is needed. Every guess is a candidate that Houdini keeps only when every clause
// preserves it, and the certificate is checked again by the independent checker (check.ts).

import { rangeBounds } from '../analysis/chosen-index-writes.js';
import { createArrayRead, createBinary, createConditional, createVariableExpression } from '../ir/factory.js';
import type { ArrayVariable, Block, Expression, LoopStatement, ScalarVariable, Statement } from '../ir/types.js';
import {
  isVariableExpression,
  scalarsReadBy,
  someSubexpression,
  stripCasts,
  stripWideningCasts,
  substituteScalar,
  visitExpressionChildren,
  writtenVariables,
} from '../ir/visit.js';
import type { Guess } from './guess.js';
import { cellValues, entryValues } from './periodic-guesses.js';
import type { Range } from './ranges.js';
import { leavesLoop } from './search-guesses.js';
import { accumulatorGuesses } from './accumulator-guesses.js';
import type { LoopInfo } from '../analysis/loops.js';

/** what a recognised loop writes: the range of its index, the value of each array's cell, the change points */
export interface ChosenCells extends Range {
  /** per array written: the value written at the cell (the guesses' cell variable in place of k) */
  readonly written: ReadonlyMap<number, { readonly array: ArrayVariable; readonly value: Expression }>;
  /** p of each condition `k == p` (or `k != p`) of the body, p reading nothing the loop changes */
  readonly changePoints: readonly Expression[];
}

/** the values an array's cell gets on each path of a block of writes at k, as one conditional value */
export type Written = Map<number, { readonly array: ArrayVariable; readonly value: Expression }>;

/**
 * the loop as a chosen-index loop (see the header): a `while (1)` with no update, a range test of a
 * scalar k before every write, every write at k itself, values and conditions reading k and what
 * the loop does not change; undefined when it is not one
 */
export function chosenIndexCells(loop: LoopStatement, cell: ScalarVariable): ChosenCells | undefined {
  if (loop.condition.kind !== 'constant' || loop.condition.value === 0n || loop.update.length !== 0) return undefined;
  const written = writtenVariables(loop.body);
  let range: (Range & { index: ScalarVariable }) | undefined;
  let values: Written | undefined;
  const changePoints: Expression[] = [];
  for (const statement of loop.body) {
    const test = rangeTestOf(statement, written);
    if (test !== undefined && range === undefined && values === undefined) {
      range = test;
      continue;
    }
    if (!writesCells(statement)) continue;
    if (range === undefined) return undefined;
    const index = range.index;
    const unchanged = (expression: Expression): boolean =>
      !someSubexpression(
        expression,
        (node) =>
          (node.kind === 'variable' && node.variable.id !== index.id && written.scalars.has(node.variable.id)) ||
          (node.kind === 'arrayRead' && written.arrays.has(node.array.id)),
      );
    const step = writesAt([statement], index, unchanged, changePoints);
    if (step === undefined) return undefined;
    values = new Map([...(values ?? new Map()), ...step]);
  }
  if (range === undefined || values === undefined || values.size === 0) return undefined;
  const index = range.index;
  const atCell = (expression: Expression): Expression =>
    substituteScalar(expression, index, createVariableExpression(cell));
  const cellValuesWritten = new Map(
    [...values].map(([id, entry]) => [id, { array: entry.array, value: atCell(entry.value) }] as const),
  );
  return { lower: range.lower, upper: range.upper, written: cellValuesWritten, changePoints };
}

/** `assume(k >= L && k < H)` or `if (!(k >= L && k < H)) { …; break; }`: k, L and H */
function rangeTestOf(
  statement: Statement,
  written: ReturnType<typeof writtenVariables>,
): (Range & { index: ScalarVariable }) | undefined {
  let condition: Expression;
  if (statement.kind === 'assume') condition = statement.condition;
  else if (
    statement.kind === 'if' &&
    statement.else.length === 0 &&
    leavesLoop(statement.then) &&
    statement.condition.kind === 'unary' &&
    statement.condition.operator === 'logicalNot'
  )
    condition = statement.condition.operand;
  else return undefined;
  const index = comparedScalar(condition);
  if (index === undefined || !written.scalars.has(index.id)) return undefined;
  const bounds = rangeBounds(condition, index, written);
  return bounds === undefined ? undefined : { ...bounds, index };
}

/** the scalar compared on the left of `k >= L && …` (the candidate index) */
function comparedScalar(condition: Expression): ScalarVariable | undefined {
  if (condition.kind !== 'binary' || condition.operator !== 'logicalAnd') return undefined;
  const first = condition.left;
  if (first.kind !== 'binary') return undefined;
  if (first.left.kind === 'variable') return first.left.variable;
  if (first.right.kind === 'variable') return first.right.variable;
  return undefined;
}

/** whether a statement writes a cell (itself or under its ifs) */
function writesCells(statement: Statement): boolean {
  if (statement.kind === 'arrayWrite') return true;
  if (statement.kind === 'if') return [...statement.then, ...statement.else].some(writesCells);
  return false;
}

/**
 * the cells a block writes at k, each array's value over its paths (an if's branches as a conditional
 * value); undefined when a write is not at k, a value or condition reads what the loop changes, or an
 * array is written on one branch of an if and not on the other nor before it (its cell may then keep
 * any value). Assignments of scalars are passed over (the values read none the loop changes).
 */
export function writesAt(
  block: Block,
  index: ScalarVariable,
  unchanged: (expression: Expression) => boolean,
  changePoints: Expression[],
): Written | undefined {
  const values: Written = new Map();
  for (const statement of block) {
    switch (statement.kind) {
      case 'arrayWrite': {
        const position = statement.indices.length === 1 ? stripWideningCasts(statement.indices[0]!) : undefined;
        if (position === undefined || !isVariableExpression(position, index) || !unchanged(statement.value))
          return undefined;
        values.set(statement.array.id, { array: statement.array, value: statement.value });
        break;
      }
      case 'if': {
        if (!writesCells(statement)) break;
        if (!unchanged(statement.condition)) return undefined;
        const then = writesAt(statement.then, index, unchanged, changePoints);
        const otherwise = writesAt(statement.else, index, unchanged, changePoints);
        if (then === undefined || otherwise === undefined) return undefined;
        // an array written on one branch only keeps, on the other, what the block wrote before
        for (const id of new Set([...then.keys(), ...otherwise.keys()])) {
          const thenValue = then.get(id) ?? values.get(id);
          const elseValue = otherwise.get(id) ?? values.get(id);
          if (thenValue === undefined || elseValue === undefined) return undefined;
          values.set(id, {
            array: thenValue.array,
            value: createConditional(statement.condition, thenValue.value, elseValue.value, thenValue.value.type),
          });
        }
        changePoints.push(...pointsOf(statement.condition, index));
        break;
      }
      case 'assert':
      case 'assume':
      case 'havoc':
      case 'assign':
        break;
      case 'arrayFill':
      case 'loop':
      case 'arrayHavoc':
      case 'break':
      case 'continue':
        return undefined;
      default: {
        const never: never = statement;
        throw new Error(`unknown statement ${JSON.stringify(never)}`);
      }
    }
  }
  return values;
}

/** p of `k == p`, `p == k`, `k != p`, `p != k` (p not reading k) */
function pointsOf(condition: Expression, index: ScalarVariable): Expression[] {
  const node = stripWideningCasts(condition);
  if (node.kind === 'unary' && node.operator === 'logicalNot') return pointsOf(node.operand, index);
  if (node.kind !== 'binary' || (node.operator !== 'equal' && node.operator !== 'notEqual')) return [];
  const left = stripWideningCasts(node.left);
  const right = stripWideningCasts(node.right);
  if (isVariableExpression(left, index) && !scalarsReadBy(right).has(index.id)) return [right];
  if (isVariableExpression(right, index) && !scalarsReadBy(left).has(index.id)) return [left];
  return [];
}

/** the facts of a chosen-index loop's cells, and the two extreme states: no cell written, every cell written */
export interface ChosenFacts {
  readonly facts: readonly Guess[];
  /** ∀j. x[j] == B(j) for every array x the loop writes */
  readonly none: readonly Guess[];
  /** ∀j. x[j] == W(j) for every array x the loop writes */
  readonly every: readonly Guess[];
}

/**
 * the cells' facts of a chosen-index loop (see the header), over its range, with the values before
 * it read off the ∀-guesses of its head (`before`); none when an array's value before is not known
 */
export function chosenCellGuesses(cells: ChosenCells, before: readonly Guess[], cell: ScalarVariable): ChosenFacts {
  const known = cellValues(before);
  const cellExpression = createVariableExpression(cell);
  const pairs: { kept: Expression; written: Expression }[] = [];
  for (const [id, entry] of cells.written) {
    const previous = known.get(id);
    if (previous === undefined) return { facts: [], none: [], every: [] };
    const read = createArrayRead(entry.array, [cellExpression]);
    const value = substituteScalar(previous.value, previous.cell, cellExpression);
    pairs.push({ kept: createBinary('equal', read, value), written: createBinary('equal', read, entry.value) });
  }
  const forall = (condition: Expression): Guess => ({
    kind: 'forall',
    variable: cell,
    lower: cells.lower,
    upper: cells.upper,
    condition,
  });
  const joined = (conditions: readonly Expression[]): Expression =>
    conditions.reduce((all, condition) => createBinary('logicalAnd', all, condition));
  // one array: its cells kept or written; several: the joint fact only (it implies each array's, and
  // each guess more costs Houdini questions at every loop head after the loop)
  const facts =
    pairs.length === 1
      ? [forall(createBinary('logicalOr', pairs[0]!.kept, pairs[0]!.written))]
      : [
          forall(
            createBinary(
              'logicalOr',
              joined(pairs.map((pair) => pair.kept)),
              joined(pairs.map((pair) => pair.written)),
            ),
          ),
        ];
  return {
    facts,
    none: pairs.map((pair) => forall(pair.kept)),
    // the values without their conversions, which the closed forms of the sums do not read (a guess:
    // the checks of the conversions are the program's, and Houdini keeps only what holds)
    every: pairs.map((pair) => forall(withoutCasts(pair.written))),
  };
}

/** the expression with every cast but one to _Bool removed, at every depth */
function withoutCasts(expression: Expression): Expression {
  const stripped = stripCasts(expression);
  return visitExpressionChildren(stripped, withoutCasts);
}

/**
 * at a loop that sums cells after a chosen-index loop: the closed forms of its accumulators
 * (accumulator-guesses.ts) in the two extreme states, no cell written and every cell written, each
 * as two bounds (`s <= …`, `s >= …`): when every index's written cells add at least (or at most)
 * what its cells held before, the sum lies between the two (Houdini keeps the bounds that hold)
 */
export function extremeSumGuesses(
  chosen: ChosenFacts,
  own: readonly Guess[],
  loop: LoopStatement,
  infos: ReadonlyMap<number, LoopInfo>,
): Guess[] {
  if (chosen.none.length === 0) return [];
  const bounds = (equality: Guess): Guess[] => {
    if (equality.kind !== 'plain') return [];
    const condition = equality.condition;
    if (condition.kind !== 'binary' || condition.operator !== 'equal') return [];
    return (['lessEqual', 'greaterEqual'] as const).map((operator) => ({
      kind: 'plain',
      condition: createBinary(operator, condition.left, condition.right),
    }));
  };
  return [chosen.none, chosen.every].flatMap((state) =>
    accumulatorGuesses([...own, ...state], loop, infos).flatMap(bounds),
  );
}

/**
 * at a loop over i (step 1) after a chosen-index loop: `i > p || s == s0` for each change point p of
 * that loop and each accumulator s of this one (`s = s + …` at the top of its body, its value on
 * entry s0 a guess of the head, `own`)
 */
export function changePointGuesses(
  cells: ChosenCells,
  own: readonly Guess[],
  loop: LoopStatement,
  counter: ScalarVariable | undefined,
): Guess[] {
  if (counter === undefined || cells.changePoints.length === 0) return [];
  const changed = writtenVariables(loop.body, loop.update).scalars;
  const guesses: Guess[] = [];
  for (const statement of loop.body) {
    if (statement.kind !== 'assign' || !scalarsReadBy(statement.value).has(statement.target.id)) continue;
    const accumulator = createVariableExpression(statement.target);
    for (const entry of entryValues(own, accumulator)) {
      if ([...scalarsReadBy(entry).keys()].some((id) => changed.has(id))) continue;
      for (const point of cells.changePoints)
        guesses.push({
          kind: 'plain',
          condition: createBinary(
            'logicalOr',
            createBinary('greater', createVariableExpression(counter), point),
            createBinary('equal', accumulator, entry),
          ),
        });
    }
  }
  return guesses;
}
