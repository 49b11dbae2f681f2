// Consecutive folds over the same range merged into one loop:
//   i = S; while (i < E) { acc = acc + e1(i); } update { i = i + 1; }
//   j = S; while (j < E) { acc = acc + e2(j); } update { j = j + 1; }
// becomes
//   i = S; while (i < E) { acc = acc + e1(i); acc = acc + e2(i); } update { i = i + 1; }
//   j = i;
// so that an invariant of one loop relates the cells of several arrays at one index (the sum of
// a[i] + b[i] + c[i] is 0 when every index's cells cancel), which separate loops cannot state.
//
// What is recognised (anything else is left alone): two or more statement pairs in a row of one
// block, each a counter initialisation `i = S` and a loop `while (i < E)` whose update is `i = i + 1`
// exactly, with the same S and E (the same expression, reading no variable the loops write), counters
// of one type; every loop body holds only assignments `acc = acc ± t ± t …` to signed accumulators
// (the accumulator the leftmost operand, no conversion), the terms reading the loop's counter,
// constants, scalars none of the loops write and cells of arrays (no loop writes an array).
//
// Soundness: each loop adds to each accumulator the same terms, one per index of [S, E) (the terms
// read nothing the loops change but the counter), so after all of them each accumulator holds its
// value before plus the sum of all their terms, in whatever order they are added: exactly so in C's
// semantics (modulo 2^w) and over the integers; the C program's sums, read over the integers, assume
// no signed overflow in it, which every verdict assumes. The merged loop evaluates every term at the
// same indices (an undefined operation stops both programs), each counter ends with the value it had
// (E, or S when S >= E: the final `j = i`). The rewrite is exact; it gives no certificate translation.

import { createAssign, createVariableExpression, createLoop, updateIf, updateLoop } from '../ir/factory.js';
import type { Block, Expression, LoopStatement, ScalarVariable, Statement } from '../ir/types.js';
import {
  isVariableExpression,
  sameExpression,
  someSubexpression,
  substituteScalarInBlock,
  visitBlock,
  writtenVariables,
} from '../ir/visit.js';

/** one fold of a run: its counter, its initialisation and its loop */
interface Fold {
  readonly counter: ScalarVariable;
  readonly start: Expression;
  readonly end: Expression;
  readonly loop: LoopStatement;
}

/** the block with every run of mergeable folds merged (recursively in branches and loop bodies); `merged` counts the runs */
export function mergeFolds(block: Block, merged: { count: number } = { count: 0 }): Block {
  const visited = visitBlock(block, (statement) => {
    if (statement.kind === 'if')
      return updateIf(
        statement,
        statement.condition,
        mergeFolds(statement.then, merged),
        mergeFolds(statement.else, merged),
      );
    if (statement.kind === 'loop')
      return updateLoop(statement, statement.condition, mergeFolds(statement.body, merged), statement.update);
    return statement;
  });
  const result: Statement[] = [];
  let position = 0;
  while (position < visited.length) {
    const run = foldRunAt(visited, position);
    if (run.length < 2) {
      result.push(visited[position]!);
      position++;
      continue;
    }
    result.push(...mergedRun(run));
    merged.count++;
    position += 2 * run.length;
  }
  return result;
}

function mergedRun(run: readonly Fold[]): Statement[] {
  const first = run[0]!;
  const counter = createVariableExpression(first.counter);
  const bodies = run.map((fold) => substituteScalarInBlock(fold.loop.body, fold.counter, counter));
  const location = first.loop.location;
  const loop = createLoop(first.loop.id, first.loop.condition, bodies.flat(), first.loop.update, location);
  return [
    createAssign(first.counter, first.start, location),
    loop,
    ...run.slice(1).map((fold) => createAssign(fold.counter, counter, fold.loop.location)),
  ];
}

/** the longest run of mergeable folds starting at `position` (fewer than two: nothing to merge) */
function foldRunAt(block: Block, position: number): Fold[] {
  const run: Fold[] = [];
  for (let index = position; index + 1 < block.length; index += 2) {
    const fold = foldAt(block, index);
    if (fold === undefined) break;
    const first = run[0];
    if (
      first !== undefined &&
      (!sameExpression(first.start, fold.start) ||
        !sameExpression(first.end, fold.end) ||
        first.counter.type.name !== fold.counter.type.name ||
        run.some((earlier) => earlier.counter.id === fold.counter.id))
    )
      break;
    run.push(fold);
  }
  while (run.length >= 2 && !independent(run)) run.pop();
  return run;
}

/** `i = S; while (i < E) { acc = acc ± … } update { i = i + 1; }` at `index`, or undefined */
function foldAt(block: Block, index: number): Fold | undefined {
  const initialisation = block[index];
  const loop = block[index + 1];
  if (initialisation?.kind !== 'assign' || loop?.kind !== 'loop') return undefined;
  const counter = initialisation.target;
  const condition = loop.condition;
  if (condition.kind !== 'binary' || condition.operator !== 'less' || !isVariableExpression(condition.left, counter))
    return undefined;
  if (!isIncrement(loop.update, counter)) return undefined;
  if (!loop.body.every((statement) => isAccumulation(statement, counter))) return undefined;
  if (loop.body.length === 0) return undefined;
  return { counter, start: initialisation.value, end: condition.right, loop };
}

/** `[i = i + 1]` exactly */
function isIncrement(update: Block, counter: ScalarVariable): boolean {
  const [statement] = update;
  if (update.length !== 1 || statement?.kind !== 'assign' || statement.target.id !== counter.id) return false;
  const value = statement.value;
  return (
    value.kind === 'binary' &&
    value.operator === 'add' &&
    isVariableExpression(value.left, counter) &&
    value.right.kind === 'constant' &&
    value.right.value === 1n
  );
}

/** `acc = acc ± t ± t …` with a signed acc, not the counter */
function isAccumulation(statement: Statement, counter: ScalarVariable): boolean {
  if (statement.kind !== 'assign') return false;
  const accumulator = statement.target;
  if (!accumulator.type.signed || accumulator.id === counter.id) return false;
  let value = statement.value;
  while (value.kind === 'binary' && (value.operator === 'add' || value.operator === 'subtract')) {
    if (value.type.name !== accumulator.type.name) return false;
    value = value.left;
  }
  return value !== statement.value && isVariableExpression(value, accumulator);
}

/**
 * whether the folds' terms read nothing the loops change but their own counter, S and E read
 * nothing the loops write, and no loop writes an array
 */
function independent(run: readonly Fold[]): boolean {
  const written = writtenVariables(...run.flatMap((fold) => [fold.loop.body, fold.loop.update]));
  if (written.arrays.size !== 0) return false;
  const readsWritten = (expression: Expression, allowed: ScalarVariable | undefined): boolean =>
    someSubexpression(
      expression,
      (node) => node.kind === 'variable' && node.variable.id !== allowed?.id && written.scalars.has(node.variable.id),
    );
  const counters = new Set(run.map((fold) => fold.counter.id));
  const targets = run.flatMap((fold) =>
    fold.loop.body.map((statement) => (statement.kind === 'assign' ? statement.target.id : -1)),
  );
  if (targets.some((id) => counters.has(id))) return false;
  const first = run[0]!;
  if (readsWritten(first.start, undefined) || readsWritten(first.end, undefined)) return false;
  return run.every((fold) =>
    fold.loop.body.every(
      (statement) => statement.kind === 'assign' && termsIndependent(statement.value, fold.counter, readsWritten),
    ),
  );
}

/** the terms of `acc ± t ± t …` (every right operand of the chain) read nothing written but the counter */
function termsIndependent(
  value: Expression,
  counter: ScalarVariable,
  readsWritten: (expression: Expression, allowed: ScalarVariable | undefined) => boolean,
): boolean {
  let rest = value;
  while (rest.kind === 'binary' && (rest.operator === 'add' || rest.operator === 'subtract')) {
    if (readsWritten(rest.right, counter)) return false;
    rest = rest.left;
  }
  return true;
}
