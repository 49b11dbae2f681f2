// Sources of nondeterministic choices for the interpreter.
//
// - createCounterexampleSource: the values of a Counterexample, in order (scalars and arrays each
//   in their own sequence); exhausted when a sequence runs out. Values are passed through unchanged:
//   the interpreter rejects out-of-range values with `invalidInput`.
// - createRandomSource: seeded pseudo-random values, from a small domain (values of the domain that
//   fit the type) or uniformly from the type's range; arrays get a random default and a random value
//   for each cell 0..cells-1 (at most `maxArrayCells` cells, row-major flattened).
// - createRecordingSource: wraps a source and records what it handed out, as a Counterexample.
//
// Soundness assumptions: none; a source only proposes values. The interpreter checks every value
// against its type (src/interp/run-checks.ts) and reports `invalidInput` for one outside it.

import { typeRange } from '../ir/factory.js';
import type { ArrayVariable, HavocOrigin, IntegerType, SourceLocation } from '../ir/types.js';
import type { ArrayContent, Counterexample } from '../verdict.js';
import type { NondetSource } from './run-types.js';

export function createCounterexampleSource(counterexample: Counterexample): NondetSource {
  let scalarIndex = 0;
  let arrayIndex = 0;
  return {
    nextScalar: () => (scalarIndex < counterexample.scalars.length ? counterexample.scalars[scalarIndex++] : undefined),
    nextArray: () => (arrayIndex < counterexample.arrays.length ? counterexample.arrays[arrayIndex++] : undefined),
    replaying: counterexample,
  };
}

export interface RandomSourceOptions {
  readonly seed: number;
  /** when given (and some of its values fit the type), every value is drawn from it */
  readonly domain?: readonly bigint[] | undefined;
  /** at most this many cells of a havocked array get their own value; default 64 */
  readonly maxArrayCells?: number;
}

/** A small deterministic PRNG (mulberry32). */
export function createRandomGenerator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

export function createRandomSource(options: RandomSourceOptions): NondetSource {
  const random = createRandomGenerator(options.seed);
  const maxArrayCells = options.maxArrayCells ?? 64;

  function randomBits(bits: number): bigint {
    let result = 0n;
    for (let produced = 0; produced < bits; produced += 16) {
      result = (result << 16n) | BigInt(Math.floor(random() * 65536));
    }
    return result & ((1n << BigInt(bits)) - 1n);
  }
  const fittingByType = new Map<IntegerType, readonly bigint[]>();
  function valueOf(type: IntegerType): bigint {
    const { minimum, maximum } = typeRange(type);
    if (options.domain !== undefined) {
      let fitting = fittingByType.get(type);
      if (fitting === undefined) {
        fitting = options.domain.filter((value) => value >= minimum && value <= maximum);
        fittingByType.set(type, fitting);
      }
      if (fitting.length > 0) return fitting[Math.floor(random() * fitting.length)]!;
    }
    // mostly small values, sometimes the extremes, otherwise uniform over the range
    const choice = random();
    if (choice < 0.1) return minimum;
    if (choice < 0.2) return maximum;
    if (choice < 0.5) {
      const small = BigInt(Math.floor(random() * 21) - 10);
      if (small >= minimum && small <= maximum) return small;
    }
    return minimum + randomBits(type.width);
  }

  return {
    nextScalar: (type) => valueOf(type),
    nextArray: (array, _location, sizes) => {
      let cells = 1n;
      for (const size of sizes) cells *= size < 0n ? 0n : size;
      const count = Number(cells < BigInt(maxArrayCells) ? cells : BigInt(maxArrayCells));
      const entries = new Map<bigint, bigint>();
      for (let index = 0; index < count; index++) entries.set(BigInt(index), valueOf(array.elementType));
      return { defaultValue: valueOf(array.elementType), entries };
    },
  };
}

export interface RecordingSource extends NondetSource {
  /** everything handed out so far, in order */
  counterexample(): Counterexample;
}

export function createRecordingSource(inner: NondetSource): RecordingSource {
  const scalars: bigint[] = [];
  const arrays: ArrayContent[] = [];
  return {
    nextScalar(type: IntegerType, location: SourceLocation, origin: HavocOrigin) {
      const value = inner.nextScalar(type, location, origin);
      if (value !== undefined) scalars.push(value);
      return value;
    },
    nextArray(array: ArrayVariable, location: SourceLocation, sizes: readonly bigint[]) {
      const content = inner.nextArray(array, location, sizes);
      if (content !== undefined) arrays.push(content);
      return content;
    },
    counterexample: () => ({ scalars: [...scalars], arrays: [...arrays] }),
  };
}
