// Guesses for values that depend on a loop counter's residue or on a threshold (issue 41), for the
// template certifier (templates.ts, houdini.ts): writes and increments under a condition on the
// counter, and the sums of such values (strided writes: affine-writes.ts).
//   for (i = 0; i < N; i++) if (i % 3 == 0) a[i] = 3; else a[i] = 0;
//     at the loop:        ∀k ∈ [0, i). a[k] == (k % 3 == 0 ? 3 : 0)
//   for (k = 0; k < N; k++) s = s + a[k];   (a as above)   or   if (k % 3 == 0) s = s + 3;
//     at the loop:        s == s0 + 3 · ((k + 2) / 3)
// A value is periodic in the counter k when every occurrence of k is inside `(k + c) % p` (c, p
// constants): its value at k is then its value at k's residue t modulo the least common multiple P
// of the p's, for k ≥ 0 and k + c ≥ 0. A sum over [f0, k) of a value that is A_t at residue t is
// Σ_t A_t · (count_t(k) − count_t(f0)), where count_t(v) = (v + P − 1 − t) / P is the number of
// residues t below v (v ≥ 0).
//
// Soundness: none is needed. Every guess is checked by Houdini and the certificate again by the
// checker; a guess made under an assumption that fails (a negative counter, a write that a later
// statement overwrites) is only a guess that is dropped.

import type { LoopInfo } from '../analysis/loops.js';
import { integerBinaryValue, longLongType } from '../ir/c-integers.js';
import {
  convertedTo,
  createArrayRead,
  createBinary,
  createConditional,
  createConstant,
  createVariableExpression,
} from '../ir/factory.js';
import type { ArrayVariable, Block, Expression, LoopStatement, ScalarVariable, Statement } from '../ir/types.js';
import {
  forEachChild,
  forEachSubexpression,
  isVariableExpression,
  sameExpression,
  scalarsReadBy,
  stripCasts,
  stripWideningCasts,
  substituteScalar,
  visitExpressionChildren,
  writtenVariables,
} from '../ir/visit.js';
import { targetKey } from './accumulator-guesses.js';
import type { Guess } from './guess.js';
import { counterCells, steadyIn } from './ranges.js';

/** the largest period tried (the least common multiple of a value's moduli) */
const largestPeriod = 64n;

/**
 * ∀k ∈ [e0, upper). a[k] == v(k) for the loop's writes at its counter (step 1) in both branches of an
 * `if` at the top of the body (v an ite on the condition); `upper` the counter (at the loop's head) or
 * the loop's bound (at the loops after it, `full`). Strided and affine writes: affine-writes.ts.
 */
export function conditionalWriteGuesses(
  loop: LoopStatement,
  info: LoopInfo | undefined,
  cell: ScalarVariable,
  full: boolean,
): Guess[] {
  const cells = counterCells(info, full);
  if (cells === undefined) return [];
  const steady = steadyIn(loop, cells.counter);
  const values = branchValues(loop.body, cells.counter, cell).filter((entry) => steady(entry.value));
  return values.map(({ array, value }): Guess => ({
    kind: 'forall',
    variable: cell,
    lower: cells.lower,
    upper: cells.upper,
    condition: createBinary('equal', createArrayRead(array, [createVariableExpression(cell)]), value),
  }));
}

interface CellValue {
  readonly array: ArrayVariable;
  /** the value of cell k (k the cell variable) */
  readonly value: Expression;
}

/** i + d (or i, d + i, i − c) with d a constant: d (−c) */
function offsetFrom(index: Expression, counter: ScalarVariable): bigint | undefined {
  const stripped = stripWideningCasts(index);
  if (stripped.kind === 'variable') return stripped.variable.id === counter.id ? 0n : undefined;
  if (stripped.kind !== 'binary' || (stripped.operator !== 'add' && stripped.operator !== 'subtract')) return undefined;
  const [left, right] = [stripWideningCasts(stripped.left), stripWideningCasts(stripped.right)];
  if (isVariableExpression(left, counter) && right.kind === 'constant')
    return stripped.operator === 'add' ? right.value : -right.value;
  if (stripped.operator === 'subtract') return undefined;
  if (isVariableExpression(right, counter) && left.kind === 'constant') return left.value;
  return undefined;
}

/** m and c for an index k + c, c + k, k − c or m·k ± c (m > 0, c constants; casts that widen looked through) */
function affineFrom(index: Expression, counter: ScalarVariable): { multiplier: bigint; offset: bigint } | undefined {
  const offset = offsetFrom(index, counter);
  if (offset !== undefined) return { multiplier: 1n, offset };
  const stripped = stripWideningCasts(index);
  if (stripped.kind !== 'binary') return undefined;
  const [left, right] = [stripWideningCasts(stripped.left), stripWideningCasts(stripped.right)];
  if (stripped.operator === 'multiply') {
    const multiplier = left.kind === 'constant' ? left.value : right.kind === 'constant' ? right.value : undefined;
    const other = left.kind === 'constant' ? right : left;
    return multiplier !== undefined && multiplier > 0n && isVariableExpression(other, counter)
      ? { multiplier, offset: 0n }
      : undefined;
  }
  if ((stripped.operator !== 'add' && stripped.operator !== 'subtract') || right.kind !== 'constant') return undefined;
  const scaled = affineFrom(left, counter);
  if (scaled === undefined) return undefined;
  return {
    multiplier: scaled.multiplier,
    offset: scaled.offset + (stripped.operator === 'add' ? right.value : -right.value),
  };
}

/** if (c(i)) { … a[i] = e1 … } else { … a[i] = e2 … } at the top of the body: v(k) = c(k) ? e1(k) : e2(k) */
function branchValues(body: Block, counter: ScalarVariable, cell: ScalarVariable): CellValue[] {
  const atCounter = (block: Block): Map<number, { array: ArrayVariable; value: Expression }> => {
    const writes = new Map<number, { array: ArrayVariable; value: Expression }>();
    for (const statement of block)
      if (statement.kind === 'arrayWrite' && statement.indices.length === 1) {
        const index = stripWideningCasts(statement.indices[0]!);
        if (isVariableExpression(index, counter))
          writes.set(statement.array.id, { array: statement.array, value: statement.value });
      }
    return writes;
  };
  const cellExpression = createVariableExpression(cell);
  const result: CellValue[] = [];
  for (const statement of body) {
    if (statement.kind !== 'if') continue;
    const thenWrites = atCounter(statement.then);
    const elseWrites = atCounter(statement.else);
    for (const [id, { array, value }] of thenWrites) {
      const other = elseWrites.get(id);
      if (other === undefined) continue;
      const at = (expression: Expression): Expression => substituteScalar(expression, counter, cellExpression);
      result.push({
        array,
        value: createConditional(at(statement.condition), at(value), at(other.value), array.elementType),
      });
    }
  }
  return result;
}

/**
 * x == E + Σ_t A_t · (count_t(i) − count_t(e0)) for each accumulator x == E among the loop's guesses
 * whose increment per round is periodic in the counter i (step 1): `x = x + r` with r a cell whose
 * value a ∀-guess gives, or `x = x + A` under an `if` on the counter (and `x = x + B` in its else)
 */
export function periodicSumGuesses(
  guesses: readonly Guess[],
  loop: LoopStatement,
  info: LoopInfo | undefined,
): Guess[] {
  const iterator = info?.iterator;
  if (iterator?.initial === undefined || iterator.step !== 1n) return [];
  const counter = iterator.variable;
  const changed = writtenVariables(loop.body, loop.update).scalars;
  const result: Guess[] = [];
  for (const { target, increment } of periodicIncrements(loop.body, counter, cellValues(guesses))) {
    if ([...scalarsReadBy(increment).keys()].some((id) => id !== counter.id && changed.has(id))) continue;
    const wide = (expression: Expression): Expression => convertedTo(expression, longLongType);
    const threshold = thresholdSum(increment, counter, iterator.initial);
    if (threshold !== undefined)
      for (const entry of entryValues(guesses, target))
        result.push({
          kind: 'plain',
          condition: createBinary('equal', wide(target), createBinary('add', wide(entry), threshold, longLongType)),
        });
    const table = residueTable(increment, counter);
    if (table === undefined) continue;
    const current = createVariableExpression(counter);
    // amounts that are not constants (N, −N) are summed by whole periods, where they may cancel (a
    // product of N with a count of residues would be nonlinear, which the checker may not decide)
    const sums = table.every((amount) => stripCasts(amount).kind === 'constant')
      ? [periodicSum(table, current, iterator.initial)]
      : [createBinary('subtract', periodsSum(table, current), periodsSum(table, iterator.initial), longLongType)];
    for (const entry of entryValues(guesses, target))
      for (const sum of sums)
        result.push({
          kind: 'plain',
          condition: createBinary('equal', wide(target), createBinary('add', wide(entry), sum, longLongType)),
        });
  }
  return result;
}

/** the values E of the guesses x == E for the target x */
export function entryValues(guesses: readonly Guess[], target: Expression): Expression[] {
  return guesses.flatMap((guess) =>
    guess.kind === 'plain' &&
    guess.condition.kind === 'binary' &&
    guess.condition.operator === 'equal' &&
    sameExpression(stripWideningCasts(guess.condition.left), target) &&
    !sameExpression(stripWideningCasts(guess.condition.right), target)
      ? [guess.condition.right]
      : [],
  );
}

/** each ∀k. a[k] == v(k) of the guesses: the array's id to (k, v) (the last one of each array) */
export function cellValues(guesses: readonly Guess[]): Map<number, { cell: ScalarVariable; value: Expression }> {
  const values = new Map<number, { cell: ScalarVariable; value: Expression }>();
  for (const guess of guesses) {
    if (guess.kind !== 'forall' || guess.second !== undefined) continue;
    const condition = guess.condition;
    if (condition.kind !== 'binary' || condition.operator !== 'equal') continue;
    const left = stripWideningCasts(condition.left);
    const index =
      left.kind === 'arrayRead' && left.indices.length === 1 ? stripWideningCasts(left.indices[0]!) : undefined;
    if (left.kind !== 'arrayRead' || index?.kind !== 'variable' || index.variable.id !== guess.variable.id) continue;
    values.set(left.array.id, { cell: guess.variable, value: condition.right });
  }
  return values;
}

export interface Increment {
  /** the accumulator: a scalar, or a cell at a constant index */
  readonly target: Expression;
  /** what a round adds, as a function of the counter */
  readonly increment: Expression;
}

/** `x = x + r` at the top of the body (r a known cell at the counter), or under an `if` at its top */
export function periodicIncrements(
  body: Block,
  counter: ScalarVariable,
  known: ReadonlyMap<number, { cell: ScalarVariable; value: Expression }>,
): Increment[] {
  const increments: Increment[] = [];
  const zero = createConstant(0n, longLongType);
  for (const statement of body) {
    if (statement.kind === 'if') {
      // `if (a[i] % 4 == 1) c++` with a[k] == k known: the condition read as `i % 4 == 1`
      const condition = resolveCounterCells(statement.condition, counter, known);
      const thenSteps = steps(statement.then);
      const elseSteps = steps(statement.else);
      for (const [key, step] of thenSteps) {
        const other = elseSteps.get(key);
        increments.push({
          target: step.target,
          increment: createConditional(condition, step.amount, other?.amount ?? zero, longLongType),
        });
      }
      for (const [key, step] of elseSteps)
        if (!thenSteps.has(key))
          increments.push({
            target: step.target,
            increment: createConditional(condition, zero, step.amount, longLongType),
          });
      continue;
    }
    const step = stepOf(statement);
    const read = step === undefined ? undefined : stripWideningCasts(step.amount);
    if (step === undefined || read?.kind !== 'arrayRead' || read.indices.length !== 1) continue;
    const index = stripWideningCasts(read.indices[0]!);
    const value = known.get(read.array.id);
    if (index.kind !== 'variable' || index.variable.id !== counter.id || value === undefined) continue;
    increments.push({
      target: step.target,
      increment: substituteScalar(value.value, value.cell, createVariableExpression(counter)),
    });
  }
  return increments;
}

/**
 * the expression with each read a[i] of a cell at the counter replaced by the cell's value that a
 * ∀-guess of the head gives (`known`, cellValues); a guess only: a cell the body wrote before the read
 * holds another value, and the guesses built on it are dropped
 */
export function resolveCounterCells(
  expression: Expression,
  counter: ScalarVariable,
  known: ReadonlyMap<number, { cell: ScalarVariable; value: Expression }>,
): Expression {
  const resolve = (node: Expression): Expression => {
    if (node.kind === 'arrayRead' && node.indices.length === 1) {
      const index = stripWideningCasts(node.indices[0]!);
      const value = known.get(node.array.id);
      if (isVariableExpression(index, counter) && value !== undefined)
        return substituteScalar(value.value, value.cell, createVariableExpression(counter));
    }
    return visitExpressionChildren(node, resolve);
  };
  return resolve(expression);
}

/** the `x = x + d` statements of a block (x a scalar or a cell at a constant index), by target */
function steps(block: Block): Map<string, { target: Expression; amount: Expression }> {
  const found = new Map<string, { target: Expression; amount: Expression }>();
  for (const statement of block) {
    const step = stepOf(statement);
    const key = step === undefined ? undefined : targetKey(step.target);
    if (step !== undefined && key !== undefined) found.set(key, step);
  }
  return found;
}

export function stepOf(statement: Statement): { target: Expression; amount: Expression } | undefined {
  const target =
    statement.kind === 'assign'
      ? createVariableExpression(statement.target)
      : statement.kind === 'arrayWrite' && statement.indices.every((index) => index.kind === 'constant')
        ? createArrayRead(statement.array, statement.indices)
        : undefined;
  if (target === undefined || (statement.kind !== 'assign' && statement.kind !== 'arrayWrite')) return undefined;
  const value = stripWideningCasts(statement.value);
  if (value.kind !== 'binary' || value.operator !== 'add') return undefined;
  if (sameExpression(stripWideningCasts(value.left), target)) return { target, amount: value.right };
  if (sameExpression(stripWideningCasts(value.right), target)) return { target, amount: value.left };
  return undefined;
}

/**
 * the value at each residue t < P of the counter, where every occurrence of the counter is inside a
 * `(k + c) % p` or `(m * k + c) % p` (the conditions decided at t, the values chosen then, reading no
 * counter), at its least period; undefined when the value is not of that form or P is too large
 */
export function residueTable(value: Expression, counter: ScalarVariable): Expression[] | undefined {
  // a conditional that reads no counter (`if (flag) s += 2; else s += 1;`): one value every round
  if (!readsCounter(value, counter)) return value.kind === 'conditional' ? [value] : undefined;
  const period = periodOf(value, counter);
  if (period === undefined || period > largestPeriod) return undefined;
  const table: Expression[] = [];
  for (let residue = 0n; residue < period; residue++) {
    const chosen = choose(value, counter, residue);
    if (chosen === undefined) return undefined;
    table.push(chosen);
  }
  // the least period of the values (`(4 * i) % 16 == 0` repeats every 4 rounds, not 16)
  for (let least = 1; least < table.length; least++)
    if (table.length % least === 0 && table.every((entry, at) => sameExpression(entry, table[at % least]!)))
      return table.slice(0, least);
  return table;
}

/** the least common multiple of the moduli the counter occurs under, or undefined when it occurs elsewhere */
function periodOf(value: Expression, counter: ScalarVariable): bigint | undefined {
  let period = 1n;
  let elsewhere = false;
  const visit = (node: Expression, underModulus: boolean): void => {
    const stripped = stripCasts(node);
    if (isVariableExpression(stripped, counter) && !underModulus) elsewhere = true;
    if (stripped.kind === 'binary' && stripped.operator === 'remainder') {
      const modulus = stripCasts(stripped.right);
      if (
        modulus.kind === 'constant' &&
        modulus.value > 0n &&
        affineFrom(stripCasts(stripped.left), counter) !== undefined
      ) {
        period = leastCommonMultiple(period, modulus.value);
        return;
      }
    }
    forEachChild(stripped, (child) => visit(child, underModulus));
  };
  visit(value, false);
  return elsewhere || !readsCounter(value, counter) ? undefined : period;
}

function leastCommonMultiple(left: bigint, right: bigint): bigint {
  let [first, second] = [left, right];
  while (second !== 0n) [first, second] = [second, first % second];
  return (left / first) * right;
}

/** the value at residue t: conditionals decided, the rest reading no counter; undefined when undecided */
function choose(value: Expression, counter: ScalarVariable, residue: bigint): Expression | undefined {
  if (value.kind === 'conditional') {
    const decided = decide(value.condition, counter, residue);
    if (decided === undefined) return undefined;
    return choose(decided ? value.then : value.else, counter, residue);
  }
  return readsCounter(value, counter) ? undefined : value;
}

function readsCounter(value: Expression, counter: ScalarVariable): boolean {
  let reads = false;
  forEachSubexpression(value, (node) => {
    if (isVariableExpression(node, counter)) reads = true;
  });
  return reads;
}

/** the truth of a condition at residue t (every read of the counter under a modulus), or undefined */
function decide(condition: Expression, counter: ScalarVariable, residue: bigint): boolean | undefined {
  const value = evaluate(condition, counter, residue);
  return value === undefined ? undefined : value !== 0n;
}

/** the value of an expression of constants and `(k + c) % p`, k at residue t (k ≥ 0, k + c ≥ 0) */
function evaluate(expression: Expression, counter: ScalarVariable, residue: bigint): bigint | undefined {
  const node = stripCasts(expression);
  switch (node.kind) {
    case 'constant':
      return node.value;
    case 'unary': {
      const operand = evaluate(node.operand, counter, residue);
      if (operand === undefined) return undefined;
      if (node.operator === 'logicalNot') return operand === 0n ? 1n : 0n;
      return node.operator === 'negate' ? -operand : undefined;
    }
    case 'binary': {
      if (node.operator === 'remainder') {
        // (m·k + c) % p at k ≡ t modulo a multiple of p: (m·t + c) % p
        const affine = affineFrom(stripCasts(node.left), counter);
        const modulus = stripCasts(node.right);
        if (affine !== undefined && modulus.kind === 'constant' && modulus.value > 0n)
          return (((affine.multiplier * residue + affine.offset) % modulus.value) + modulus.value) % modulus.value;
      }
      const left = evaluate(node.left, counter, residue);
      const right = evaluate(node.right, counter, residue);
      if (left === undefined || right === undefined) return undefined;
      return integerBinaryValue(node.operator, left, right);
    }
    default:
      return undefined;
  }
}

/** Σ_t A_t · (count_t(i) − count_t(e0)), count_t(v) = (v + P − 1 − t) / P, in long long */
export function periodicSum(table: readonly Expression[], counter: Expression, initial: Expression): Expression {
  const period = BigInt(table.length);
  const wide = (expression: Expression): Expression => convertedTo(expression, longLongType);
  const count = (bound: Expression, residue: bigint): Expression =>
    createBinary(
      'divide',
      createBinary('add', wide(bound), createConstant(period - 1n - residue, longLongType), longLongType),
      createConstant(period, longLongType),
      longLongType,
    );
  const startsAtZero = isZero(initial);
  let sum: Expression = createConstant(0n, longLongType);
  table.forEach((amount, position) => {
    const residue = BigInt(position);
    if (isZero(amount)) return;
    const counted = startsAtZero
      ? count(counter, residue)
      : createBinary('subtract', count(counter, residue), count(initial, residue), longLongType);
    sum = createBinary('add', sum, product(amount, counted), longLongType);
  });
  return sum;
}

/**
 * Σ_{k ∈ [e0, i)} (k < T ? A : B) = A · (min(i, T) − e0) + B · (i − min(i, T)) for T ≥ e0 (`k <= T`
 * is k < T + 1; `>=` and `>` swap the branches), in long long; undefined for another value
 */
function thresholdSum(value: Expression, counter: ScalarVariable, initial: Expression): Expression | undefined {
  if (value.kind !== 'conditional' || readsCounter(value.then, counter) || readsCounter(value.else, counter))
    return undefined;
  const condition = stripCasts(value.condition);
  if (condition.kind !== 'binary') return undefined;
  const left = stripWideningCasts(condition.left);
  if (left.kind !== 'variable' || left.variable.id !== counter.id || readsCounter(condition.right, counter))
    return undefined;
  const wide = (expression: Expression): Expression => convertedTo(expression, longLongType);
  const one = createConstant(1n, longLongType);
  const bound = wide(condition.right);
  const cases: Partial<Record<string, { threshold: Expression; below: Expression; above: Expression }>> = {
    less: { threshold: bound, below: value.then, above: value.else },
    lessEqual: { threshold: createBinary('add', bound, one, longLongType), below: value.then, above: value.else },
    greaterEqual: { threshold: bound, below: value.else, above: value.then },
    greater: { threshold: createBinary('add', bound, one, longLongType), below: value.else, above: value.then },
  };
  const chosen = cases[condition.operator];
  if (chosen === undefined) return undefined;
  const current = wide(createVariableExpression(counter));
  const lowest = createConditional(
    createBinary('less', current, chosen.threshold),
    current,
    chosen.threshold,
    longLongType,
  );
  return createBinary(
    'add',
    product(chosen.below, createBinary('subtract', lowest, wide(initial), longLongType)),
    product(chosen.above, createBinary('subtract', current, lowest, longLongType)),
    longLongType,
  );
}

/** Σ_{k < v} A(k % P) = (v / P) · Σ_t A_t + Σ_{t < v % P} A_t (v ≥ 0), in long long */
function periodsSum(table: readonly Expression[], bound: Expression): Expression {
  const period = createConstant(BigInt(table.length), longLongType);
  const wide = convertedTo(bound, longLongType);
  const total = table.reduce<Expression>(
    (sum, amount) => createBinary('add', sum, convertedTo(amount, longLongType), longLongType),
    createConstant(0n, longLongType),
  );
  const rest = createBinary('remainder', wide, period, longLongType);
  // the partial period: the sum of the first r amounts where v % P == r
  let partial: Expression = createConstant(0n, longLongType);
  let prefix: Expression = createConstant(0n, longLongType);
  table.forEach((_, position) => {
    if (position === 0) return;
    prefix = createBinary('add', prefix, convertedTo(table[position - 1]!, longLongType), longLongType);
    partial = createConditional(
      createBinary('equal', rest, createConstant(BigInt(position), longLongType)),
      prefix,
      partial,
      longLongType,
    );
  });
  return createBinary('add', product(total, createBinary('divide', wide, period, longLongType)), partial, longLongType);
}

/** amount · count in long long, a conditional amount distributed over its branches (no product of an ite) */
function product(amount: Expression, count: Expression): Expression {
  if (amount.kind === 'conditional')
    return createConditional(amount.condition, product(amount.then, count), product(amount.else, count), longLongType);
  return createBinary('multiply', convertedTo(amount, longLongType), count, longLongType);
}

function isZero(expression: Expression): boolean {
  const stripped = stripCasts(expression);
  return stripped.kind === 'constant' && stripped.value === 0n;
}
