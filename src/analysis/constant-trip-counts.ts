// The largest number of times a loop body of a program runs (its iterations times those of the loops
// around it), when every loop has a constant number of iterations: an iterator (loops.ts) that runs
// from a constant start to a constant bound by a constant step. Read
// as the integers read it (no wrap-around of the iterator): a loop of an `unsigned char` up to 300
// counts 300 here and runs forever in C.
//
// For scheduling only (the portfolio runs its deepened bmc on such programs): a wrong count costs
// time, never a verdict, since bmc decides only by complete unrollings (checked by the unrolling
// itself) and replayed counterexamples.

import type { ComparisonOperator, Program } from '../ir/types.js';
import { groupArraysBySize } from './arrays.js';
import { analyseLoops, type LoopIterator } from './loops.js';
import { constantValue } from './reductions.js';

/** the iterations of `start, start + step, …` while `value <comparison> bound` holds, or undefined */
function iterations(start: bigint, step: bigint, comparison: ComparisonOperator, bound: bigint): bigint | undefined {
  const distance = step > 0n ? bound - start : start - bound;
  const stride = step > 0n ? step : -step;
  const upward = comparison === 'less' || comparison === 'lessEqual';
  const downward = comparison === 'greater' || comparison === 'greaterEqual';
  if ((upward && step < 0n) || (downward && step > 0n)) return undefined;
  switch (comparison) {
    case 'less':
    case 'greater':
      return distance <= 0n ? 0n : (distance + stride - 1n) / stride;
    case 'lessEqual':
    case 'greaterEqual':
      return distance < 0n ? 0n : distance / stride + 1n;
    case 'notEqual':
      return distance >= 0n && distance % stride === 0n ? distance / stride : undefined;
    case 'equal':
      return undefined;
    default: {
      const never: never = comparison;
      throw new Error(`unknown comparison ${JSON.stringify(never)}`);
    }
  }
}

function tripCount(iterator: LoopIterator | undefined): bigint | undefined {
  if (iterator?.bound === undefined || iterator.comparison === undefined || iterator.initial === undefined) {
    return undefined;
  }
  const start = constantValue(iterator.initial);
  const bound = constantValue(iterator.bound);
  if (start === undefined || bound === undefined) return undefined;
  return iterations(start, iterator.step, iterator.comparison, bound);
}

/**
 * the largest number of times a loop's body runs in all, its constant number of iterations times those
 * of the loops around it (a nest of 8 × 100 iterations: 800), or undefined where some loop has no
 * constant number
 */
export function largestConstantTripCount(program: Program): number | undefined {
  const infos = analyseLoops(program, groupArraysBySize(program));
  const counts = new Map<number, bigint>();
  for (const [id, info] of infos) {
    const count = tripCount(info.iterator);
    if (count === undefined) return undefined;
    counts.set(id, count);
  }
  let largest = 0n;
  for (const [id, info] of infos) {
    let total = counts.get(id)!;
    for (let parent = info.parent; parent !== undefined; parent = infos.get(parent)?.parent) {
      total *= counts.get(parent) ?? 1n;
    }
    if (total > largest) largest = total;
  }
  return Number(largest);
}
