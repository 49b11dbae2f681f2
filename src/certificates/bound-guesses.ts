// Guesses for cells kept within bounds and for the sums of such cells (issue 41), for the template
// certifier (templates.ts, houdini.ts):
//   for (i = 0; i < N; i++) if (a[i] < 0 || a[i] > 10) a[i] = 5;        (a clamp)
//   for (i = 0; i < N; i++) { a[i] = nondet(); assume(a[i] >= 0 && a[i] <= 10); }
//     at the loop:        ∀k ∈ [0, i). 0 <= a[k] && a[k] <= 10     (and over [0, N) after it)
//   for (k = 0; k < N; k++) s = s + a[k];
//     at the loop:        s <= s0 + 10 · (k − 0)   and   s >= s0 + 0 · (k − 0)
// The bounds are constants: read off a clamp `if (C) a[i] = v` at the top of the loop's body (C a
// disjunction of comparisons of a[i] with constants, v a constant inside the bounds C leaves), or off
// an assumption on a[i] there (a conjunction of such comparisons).
//
// Soundness: none is needed. Every guess is checked by Houdini and the certificate again by the
// checker; a bound that a later statement breaks is only a guess that is dropped.

import type { LoopInfo } from '../analysis/loops.js';
import { longLongType } from '../ir/c-integers.js';
import { convertedTo, createArrayRead, createBinary, createConstant, createVariableExpression } from '../ir/factory.js';
import type { ArrayVariable, Expression, LoopStatement, ScalarVariable } from '../ir/types.js';
import { isVariableExpression, stripCasts, stripWideningCasts } from '../ir/visit.js';
import type { Guess } from './guess.js';
import { entryValues, stepOf } from './periodic-guesses.js';
import { counterCells } from './ranges.js';

interface Bounds {
  readonly lower: bigint | undefined;
  readonly upper: bigint | undefined;
}

/** ∀k ∈ [e0, upper). lo <= a[k] && a[k] <= hi for the loop's clamps and assumptions at its counter (step 1) */
export function cellBoundGuesses(
  loop: LoopStatement,
  info: LoopInfo | undefined,
  cell: ScalarVariable,
  full: boolean,
): Guess[] {
  const cells = counterCells(info, full);
  if (cells === undefined) return [];
  const { counter, lower, upper } = cells;
  const guesses: Guess[] = [];
  for (const statement of loop.body) {
    let found: { array: ArrayVariable; bounds: Bounds } | undefined;
    if (statement.kind === 'assume') found = assumedBounds(statement.condition, counter);
    if (statement.kind === 'if' && statement.else.length === 0 && statement.then.length === 1)
      found = clampBounds(statement.condition, statement.then[0]!, counter);
    if (found === undefined) continue;
    const read = createArrayRead(found.array, [createVariableExpression(cell)]);
    const sides: Expression[] = [];
    if (found.bounds.lower !== undefined)
      sides.push(createBinary('lessEqual', createConstant(found.bounds.lower, read.type), read));
    if (found.bounds.upper !== undefined)
      sides.push(createBinary('lessEqual', read, createConstant(found.bounds.upper, read.type)));
    if (sides.length === 0) continue;
    const condition = sides.length === 1 ? sides[0]! : createBinary('logicalAnd', sides[0]!, sides[1]!);
    guesses.push({ kind: 'forall', variable: cell, lower, upper, condition });
  }
  return guesses;
}

/** the array read at the counter that a comparison with a constant bounds: `a[i] < c` and mirrored forms */
function comparisonOf(
  expression: Expression,
  counter: ScalarVariable,
): { array: ArrayVariable; operator: string; constant: bigint } | undefined {
  const node = stripCasts(expression);
  if (node.kind !== 'binary') return undefined;
  const mirrored: Record<string, string> = {
    less: 'greater',
    lessEqual: 'greaterEqual',
    greater: 'less',
    greaterEqual: 'lessEqual',
    equal: 'equal',
  };
  const read = (side: Expression): ArrayVariable | undefined => {
    const stripped = stripWideningCasts(side);
    if (stripped.kind !== 'arrayRead' || stripped.indices.length !== 1) return undefined;
    const index = stripWideningCasts(stripped.indices[0]!);
    return isVariableExpression(index, counter) ? stripped.array : undefined;
  };
  const constant = (side: Expression): bigint | undefined => {
    const stripped = stripCasts(side);
    if (stripped.kind === 'constant') return stripped.value;
    if (stripped.kind === 'unary' && stripped.operator === 'negate') {
      const operand = stripCasts(stripped.operand);
      return operand.kind === 'constant' ? -operand.value : undefined;
    }
    return undefined;
  };
  if (mirrored[node.operator] === undefined) return undefined;
  const [leftArray, rightConstant] = [read(node.left), constant(node.right)];
  if (leftArray !== undefined && rightConstant !== undefined)
    return { array: leftArray, operator: node.operator, constant: rightConstant };
  const [rightArray, leftConstant] = [read(node.right), constant(node.left)];
  if (rightArray !== undefined && leftConstant !== undefined)
    return { array: rightArray, operator: mirrored[node.operator]!, constant: leftConstant };
  return undefined;
}

/** the bounds a conjunction of comparisons of a[i] with constants keeps */
function assumedBounds(
  condition: Expression,
  counter: ScalarVariable,
): { array: ArrayVariable; bounds: Bounds } | undefined {
  const parts = operandsOf(condition, 'logicalAnd');
  let array: ArrayVariable | undefined;
  let lower: bigint | undefined;
  let upper: bigint | undefined;
  for (const part of parts) {
    const comparison = comparisonOf(part, counter);
    if (comparison === undefined || (array !== undefined && comparison.array.id !== array.id)) return undefined;
    array = comparison.array;
    const { operator, constant } = comparison;
    if (operator === 'greater' || operator === 'greaterEqual' || operator === 'equal')
      lower = maximum(lower, operator === 'greater' ? constant + 1n : constant);
    if (operator === 'less' || operator === 'lessEqual' || operator === 'equal')
      upper = minimum(upper, operator === 'less' ? constant - 1n : constant);
  }
  return array === undefined ? undefined : { array, bounds: { lower, upper } };
}

/** `if (a[i] < L || a[i] > H) a[i] = v` (either side alone too), v a constant in the bounds left: [L, H] */
function clampBounds(
  condition: Expression,
  then: LoopStatement['body'][number],
  counter: ScalarVariable,
): { array: ArrayVariable; bounds: Bounds } | undefined {
  if (then.kind !== 'arrayWrite' || then.indices.length !== 1) return undefined;
  const index = stripWideningCasts(then.indices[0]!);
  const value = stripCasts(then.value);
  if (index.kind !== 'variable' || index.variable.id !== counter.id || value.kind !== 'constant') return undefined;
  const parts = operandsOf(condition, 'logicalOr');
  let lower: bigint | undefined;
  let upper: bigint | undefined;
  for (const part of parts) {
    const comparison = comparisonOf(part, counter);
    if (comparison === undefined || comparison.array.id !== then.array.id) return undefined;
    const { operator, constant } = comparison;
    // the cell is out of range when this holds: what is left when it does not
    if (operator === 'less' || operator === 'lessEqual')
      lower = maximum(lower, operator === 'less' ? constant : constant + 1n);
    else if (operator === 'greater' || operator === 'greaterEqual')
      upper = minimum(upper, operator === 'greater' ? constant : constant - 1n);
    else return undefined;
  }
  const inside = (lower === undefined || value.value >= lower) && (upper === undefined || value.value <= upper);
  return inside ? { array: then.array, bounds: { lower, upper } } : undefined;
}

/** the operands of a chain of && (or ||), casts looked through */
function operandsOf(condition: Expression, operator: 'logicalAnd' | 'logicalOr'): Expression[] {
  const stripped = stripCasts(condition);
  return stripped.kind === 'binary' && stripped.operator === operator
    ? [...operandsOf(stripped.left, operator), ...operandsOf(stripped.right, operator)]
    : [stripped];
}

function maximum(left: bigint | undefined, right: bigint): bigint {
  return left === undefined || right > left ? right : left;
}

function minimum(left: bigint | undefined, right: bigint): bigint {
  return left === undefined || right < left ? right : left;
}

/**
 * E + lo·(k − f0) <= x <= E + hi·(k − f0) for each accumulator x == E of the loop's guesses that
 * gains a[k] each round (k the counter, step 1), where a ∀-guess bounds a's cells by constants
 */
export function boundedSumGuesses(guesses: readonly Guess[], loop: LoopStatement, info: LoopInfo | undefined): Guess[] {
  const iterator = info?.iterator;
  if (iterator?.initial === undefined || iterator.step !== 1n) return [];
  const counter = iterator.variable;
  const bounded = cellBounds(guesses);
  const wide = (expression: Expression): Expression => convertedTo(expression, longLongType);
  const rounds = createBinary(
    'subtract',
    wide(createVariableExpression(counter)),
    wide(iterator.initial),
    longLongType,
  );
  const result: Guess[] = [];
  for (const statement of loop.body) {
    const step = stepOf(statement);
    const read = step === undefined ? undefined : stripWideningCasts(step.amount);
    if (step === undefined || read?.kind !== 'arrayRead' || read.indices.length !== 1) continue;
    const index = stripWideningCasts(read.indices[0]!);
    const bounds = bounded.get(read.array.id);
    if (index.kind !== 'variable' || index.variable.id !== counter.id || bounds === undefined) continue;
    for (const entry of entryValues(guesses, step.target)) {
      const at = (constant: bigint): Expression =>
        createBinary(
          'add',
          wide(entry),
          createBinary('multiply', createConstant(constant, longLongType), rounds, longLongType),
          longLongType,
        );
      if (bounds.upper !== undefined)
        result.push({ kind: 'plain', condition: createBinary('lessEqual', wide(step.target), at(bounds.upper)) });
      if (bounds.lower !== undefined)
        result.push({ kind: 'plain', condition: createBinary('greaterEqual', wide(step.target), at(bounds.lower)) });
    }
  }
  return result;
}

/** the constant bounds ∀-guesses give the cells of each array (lo <= a[k], a[k] <= hi, or both) */
function cellBounds(guesses: readonly Guess[]): Map<number, Bounds> {
  const result = new Map<number, Bounds>();
  for (const guess of guesses) {
    if (guess.kind !== 'forall' || guess.second !== undefined) continue;
    for (const part of operandsOf(guess.condition, 'logicalAnd')) {
      const comparison = comparisonOf(part, guess.variable);
      if (comparison === undefined) continue;
      const known = result.get(comparison.array.id) ?? { lower: undefined, upper: undefined };
      const { operator, constant } = comparison;
      if (operator === 'greaterEqual') result.set(comparison.array.id, { ...known, lower: constant });
      if (operator === 'lessEqual') result.set(comparison.array.id, { ...known, upper: constant });
    }
  }
  return result;
}
