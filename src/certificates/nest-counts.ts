// The iteration count of a loop nest in row-major order (issue 43), a factor of the fitted guesses
// (fitted-guesses.ts): at the head of a loop of a nest of counting-up loops (step 1 from e0 below a
// bound B), the number of times the innermost body has run so far,
//
//   Σ_l (c_l − e0_l) · Π_{l' deeper than l} (B_l' − e0_l'),
//
// over the loops l around the head (the head's own included) and, below it, the chain of loops that
// are each the one loop directly inside the previous one. At the innermost head of a 3-D nest that is
// i·m·p + j·p + k: a relation of degree 3 in the program's values, of degree 1 in this factor
// (`above + rest == count` for two counters that together count every cell). The count is built in
// long long from the counters and bounds cast to it, and evaluated on a sample by the same reading.
// Soundness: none needed. The count only shapes guesses; Houdini keeps a guess only when every clause
// of the exact Horn clauses preserves it, and the checker confirms the certificate.

import type { LoopInfo } from '../analysis/loops.js';
import { longLongType } from '../ir/c-integers.js';
import { createBinary, createCast, createConstant, createVariableExpression } from '../ir/factory.js';
import type { Expression, ScalarVariable } from '../ir/types.js';
import type { Guess } from './guess.js';
import type { LoopHeadSample } from './loop-samples.js';
import { fullRange } from './ranges.js';

/** one level of the nest: its counter's offset from e0 (at the head) and its number of rounds, in long long */
interface Level {
  readonly done: Expression;
  readonly rounds: Expression;
}

/** the most levels a count spans (deeper nests are left to other guesses) */
const maximumLevels = 4;

/**
 * The nest's iteration count at the head of `loopId` in long long, when the head lies in a nest of at
 * least two counting-up loops (step 1, a `<` or `<=` bound, a known initial value); undefined otherwise.
 */
export function nestCount(loopId: number, infos: ReadonlyMap<number, LoopInfo>): Expression | undefined {
  const around: LoopInfo[] = [];
  for (
    let info = infos.get(loopId);
    info !== undefined;
    info = info.parent === undefined ? undefined : infos.get(info.parent)
  )
    around.unshift(info);
  const below: LoopInfo[] = [];
  for (let child = onlyChild(loopId, infos); child !== undefined; child = onlyChild(child.loop.id, infos))
    below.push(child);
  const chain = [...around, ...below];
  if (chain.length < 2 || chain.length > maximumLevels) return undefined;
  const levels: Level[] = [];
  for (const info of chain) {
    const level = levelOf(info);
    if (level === undefined) return undefined;
    levels.push(level);
  }
  let count: Expression | undefined;
  for (const [position] of around.entries()) {
    const term = levels
      .slice(position + 1)
      .reduce((product, level) => createBinary('multiply', product, level.rounds), levels[position]!.done);
    count = count === undefined ? term : createBinary('add', count, term);
  }
  return count;
}

/** the loop directly inside the loop when there is exactly one */
function onlyChild(loopId: number, infos: ReadonlyMap<number, LoopInfo>): LoopInfo | undefined {
  const children = [...infos.values()].filter((info) => info.parent === loopId);
  return children.length === 1 ? children[0] : undefined;
}

function levelOf(info: LoopInfo): Level | undefined {
  const iterator = info.iterator;
  const range = fullRange(info);
  if (iterator === undefined || iterator.step !== 1n || range === undefined) return undefined;
  const wide = (expression: Expression): Expression => createCast(expression, longLongType);
  const lower = wide(range.lower);
  return {
    done: createBinary('subtract', wide(createVariableExpression(iterator.variable)), lower),
    rounds: createBinary('subtract', wide(range.upper), lower),
  };
}

/**
 * The value of an expression over constants, variables, casts, sums, differences and products on a
 * sample, read mathematically (the nest's bounds are small in the sampled runs); undefined otherwise.
 */
export function sampleValue(expression: Expression, sample: LoopHeadSample): bigint | undefined {
  switch (expression.kind) {
    case 'constant':
      return expression.value;
    case 'variable':
      return sample.scalars.get(expression.variable.id);
    case 'cast':
      return sampleValue(expression.operand, sample);
    case 'binary': {
      const left = sampleValue(expression.left, sample);
      const right = sampleValue(expression.right, sample);
      if (left === undefined || right === undefined) return undefined;
      switch (expression.operator) {
        case 'add':
          return left + right;
        case 'subtract':
          return left - right;
        case 'multiply':
          return left * right;
        default:
          return undefined;
      }
    }
    default:
      return undefined;
  }
}

/**
 * Bounds of the scalars the nest counts with, by the count: `0 <= v` and `v <= count` for each scalar
 * (a counter incremented at most once per round of the innermost body, from 0), each only when it holds
 * on every sample. With `above + rest == count` they bound each counter by the rounds so far, which is
 * what shows `above++` does not wrap when the nest's bounds are small.
 */
export function countBoundGuesses(
  count: Expression,
  scalars: readonly ScalarVariable[],
  samples: readonly LoopHeadSample[],
): Guess[] {
  const guesses: Guess[] = [];
  for (const variable of scalars) {
    const value = createCast(createVariableExpression(variable), longLongType);
    const candidates: Expression[] = [
      createBinary('lessEqual', createConstant(0n, longLongType), value),
      createBinary('lessEqual', value, count),
    ];
    for (const condition of candidates)
      if (samples.every((sample) => holdsOn(condition, sample))) guesses.push({ kind: 'plain', condition });
  }
  return guesses;
}

/** whether a comparison `left <= right` of countBoundGuesses holds on the sample (false when unknown) */
function holdsOn(condition: Expression, sample: LoopHeadSample): boolean {
  if (condition.kind !== 'binary') return false;
  const left = sampleValue(condition.left, sample);
  const right = sampleValue(condition.right, sample);
  return left !== undefined && right !== undefined && left <= right;
}
