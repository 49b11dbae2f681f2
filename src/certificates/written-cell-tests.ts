// Counts that test a cell the same round wrote (issue 41, the mod-counts class), for the capped counts
// of capped-count-guesses.ts: a loop that writes a[i] under a cap and then counts the cell by its value
//   for (i = 0; i < n; i++) { a[i] = i + 1; if (k < limit) a[i] = i % 3; if (a[i] == 0) k++; }
// increments k exactly when `k < limit && i % 3 == 0` (i + 1 is never 0 for i ≥ 0). This reads each
// `if` condition of the body with its reads a[i] (i the counter) replaced by the value the body wrote
// into the cell before it (`k < limit ? i % 3 : i + 1`), a test of a conditional value split over
// its branches (`c ? x : y` == z is `c && x == z` or `!c && y == z`), and a branch dropped when its
// test `i + d == z` (d, z constants) cannot hold for a counter that starts at e0 and grows (e0 + d > z),
// so that the increment's path is `k < limit`, `i % 3 == 0`, which the capped counts read.
//
// Soundness: none is needed. The rewritten body only says where to look for candidates; every guess
// built from it is checked by Houdini and the certificate again by the independent checker (check.ts).

import type { LoopInfo } from '../analysis/loops.js';
import {
  createArrayRead,
  createBinary,
  createConditional,
  createUnary,
  createVariableExpression,
  intType,
} from '../ir/factory.js';
import type { ArrayVariable, Block, Expression, LoopStatement, ScalarVariable, Statement } from '../ir/types.js';
import {
  containsArrayRead,
  isVariableExpression,
  stripWideningCasts,
  substituteScalar,
  visitExpressionChildren,
} from '../ir/visit.js';
import type { Guess } from './guess.js';
import { counterCells, steadyIn } from './ranges.js';

/**
 * the body with the conditions of its top-level ifs reading the cells written earlier in the round at
 * the counter (see the header); the body as it is when it writes no cell at the counter
 */
export function readWrittenCells(body: Block, counter: ScalarVariable, initial: bigint | undefined): Block {
  return walkRound(body, counter, initial).body;
}

/**
 * ∀k ∈ [e0, i). a[k] == v(k) (at the loop's head; over [e0, B) at the loops after it, `full`) for a
 * cell that the round writes and then overwrites under an if (`a[i] = i + 1; if (i > half) a[i] =
 * i % 3;` gives v(k) = k > half ? k % 3 : k + 1), v reading no scalar the loop changes but its counter
 */
export function overwrittenCellGuesses(
  loop: LoopStatement,
  info: LoopInfo | undefined,
  cell: ScalarVariable,
  full: boolean,
): Guess[] {
  const cells = counterCells(info, full);
  if (cells === undefined) return [];
  const steady = steadyIn(loop, cells.counter);
  const { values } = walkRound(loop.body, cells.counter, undefined);
  const cellExpression = createVariableExpression(cell);
  return [...values].flatMap(([, { array, value }]): Guess[] =>
    value.kind === 'conditional' && steady(value) && !containsArrayRead(value)
      ? [
          {
            kind: 'forall',
            variable: cell,
            lower: cells.lower,
            upper: cells.upper,
            condition: createBinary(
              'equal',
              createArrayRead(array, [cellExpression]),
              substituteScalar(value, cells.counter, cellExpression),
            ),
          },
        ]
      : [],
  );
}

/** the body with its if conditions reading the written cells, and each cell's value at the round's end */
function walkRound(
  body: Block,
  counter: ScalarVariable,
  initial: bigint | undefined,
): { body: Block; values: Map<number, { array: ArrayVariable; value: Expression }> } {
  // the value each array's cell at the counter holds at this point of the round, by array id
  const values = new Map<number, Expression>();
  const arrays = new Map<number, ArrayVariable>();
  const atCounter = (statement: Statement): boolean =>
    statement.kind === 'arrayWrite' &&
    statement.indices.length === 1 &&
    isVariableExpression(stripWideningCasts(statement.indices[0]!), counter);
  const resolve = (expression: Expression): Expression => {
    if (expression.kind === 'arrayRead' && expression.indices.length === 1) {
      const value = values.get(expression.array.id);
      if (value !== undefined && isVariableExpression(stripWideningCasts(expression.indices[0]!), counter))
        return value;
    }
    return visitExpressionChildren(expression, resolve);
  };
  let rewrote = false;
  const result: Statement[] = [];
  for (const statement of body) {
    if (statement.kind === 'arrayWrite') {
      if (atCounter(statement)) values.set(statement.array.id, resolve(statement.value));
      else values.delete(statement.array.id);
      arrays.set(statement.array.id, statement.array);
      result.push(statement);
      continue;
    }
    if (statement.kind !== 'if') {
      result.push(statement);
      continue;
    }
    const condition = values.size === 0 ? statement.condition : resolve(statement.condition);
    const simplified = condition === statement.condition ? condition : splitTests(condition, counter, initial);
    if (simplified !== statement.condition) rewrote = true;
    result.push(simplified === statement.condition ? statement : { ...statement, condition: simplified });
    branchWrites(statement, atCounter, resolve, values);
  }
  const ends = new Map<number, { array: ArrayVariable; value: Expression }>();
  for (const [id, value] of values) if (arrays.has(id)) ends.set(id, { array: arrays.get(id)!, value });
  return { body: rewrote ? result : body, values: ends };
}

/** the cells at the counter after an if whose branches write them: c ? then's value : else's value */
function branchWrites(
  statement: Extract<Statement, { kind: 'if' }>,
  atCounter: (statement: Statement) => boolean,
  resolve: (expression: Expression) => Expression,
  values: Map<number, Expression>,
): void {
  const written = (block: Block): Map<number, Expression> | undefined => {
    const found = new Map<number, Expression>();
    for (const inner of block) {
      if (inner.kind === 'arrayWrite' && atCounter(inner)) found.set(inner.array.id, resolve(inner.value));
      else if (inner.kind === 'arrayWrite' || inner.kind === 'if' || inner.kind === 'loop') return undefined;
    }
    return found;
  };
  const thenWrites = written(statement.then);
  const elseWrites = written(statement.else);
  if (thenWrites === undefined || elseWrites === undefined) {
    values.clear();
    return;
  }
  for (const id of new Set([...thenWrites.keys(), ...elseWrites.keys()])) {
    const before = values.get(id);
    const thenValue = thenWrites.get(id) ?? before;
    const elseValue = elseWrites.get(id) ?? before;
    if (thenValue === undefined || elseValue === undefined) values.delete(id);
    else values.set(id, createConditional(statement.condition, thenValue, elseValue, thenValue.type));
  }
}

/** `(c ? x : y) == z` as `c && x == z || !c && y == z`, a branch whose test cannot hold dropped */
export function splitTests(condition: Expression, counter: ScalarVariable, initial: bigint | undefined): Expression {
  const node = stripWideningCasts(condition);
  if (node.kind === 'binary' && (node.operator === 'logicalAnd' || node.operator === 'logicalOr'))
    return createBinary(
      node.operator,
      splitTests(node.left, counter, initial),
      splitTests(node.right, counter, initial),
      intType,
    );
  if (node.kind !== 'binary' || node.operator !== 'equal') return condition;
  const left = stripWideningCasts(node.left);
  if (left.kind !== 'conditional') return condition;
  const test = (value: Expression): Expression =>
    splitTests(createBinary('equal', value, node.right, intType), counter, initial);
  const branch = (guard: Expression, value: Expression): Expression | undefined =>
    never(value, node.right, counter, initial) ? undefined : createBinary('logicalAnd', guard, test(value), intType);
  const thenBranch = branch(left.condition, left.then);
  const elseBranch = branch(createUnary('logicalNot', left.condition), left.else);
  if (thenBranch === undefined) return elseBranch ?? condition;
  if (elseBranch === undefined) return thenBranch;
  return createBinary('logicalOr', thenBranch, elseBranch, intType);
}

/** whether `i + d == z` (d, z constants) cannot hold for a counter that starts at e0 and grows: e0 + d > z */
function never(value: Expression, target: Expression, counter: ScalarVariable, initial: bigint | undefined): boolean {
  const right = stripWideningCasts(target);
  if (initial === undefined || right.kind !== 'constant') return false;
  const node = stripWideningCasts(value);
  if (isVariableExpression(node, counter)) return initial > right.value;
  if (node.kind !== 'binary' || node.operator !== 'add') return false;
  const [first, second] = [stripWideningCasts(node.left), stripWideningCasts(node.right)];
  const offset =
    isVariableExpression(first, counter) && second.kind === 'constant'
      ? second.value
      : isVariableExpression(second, counter) && first.kind === 'constant'
        ? first.value
        : undefined;
  return offset !== undefined && initial + offset > right.value;
}
