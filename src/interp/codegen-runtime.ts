// Runtime helpers of the generated-JavaScript interpreter backend (src/interp/codegen.ts): the
// functions generated code calls for everything off its inline fast paths (exact arithmetic from
// values.ts, cell keys, run stops with their outcomes, checked nondet choices, array havocs and
// fills). They mirror the closure compiler (src/interp/compile.ts) exactly; the differential test
// (test/interp/codegen.test.ts) holds both to the same outcomes.

import type { IntegerType, ArrayVariable, SourceLocation } from '../ir/types.js';
import type { ArrayContent, Counterexample } from '../verdict.js';
import { ArrayStore, cellKey, cellKey2 } from './arrays.js';
import type { NondetSource, RunOutcome } from './interpreter.js';
import {
  add, bitwiseAnd, bitwiseNot, bitwiseOr, bitwiseXor, divide, multiply, negate, normalize, remainder,
  shiftLeft, shiftRight, subtract, toBigInt, valueRange, type Value,
} from './values.js';

export class RunStop {
  constructor(readonly outcome: RunOutcome) {}
}

// ---------------------------------------------------------------- runtime helpers (called by generated code)

function stepLimit(maxSteps: number): never {
  throw new RunStop({ kind: 'stepLimitReached', steps: maxSteps });
}
function undefinedBehaviour(reason: string, location: SourceLocation, steps: number): never {
  throw new RunStop({ kind: 'undefinedBehaviour', reason, location, steps });
}
function shiftUndefined(count: Value, width: number, location: SourceLocation, steps: number): never {
  if (count < 0) undefinedBehaviour(`shift by the negative count ${String(count)}`, location, steps);
  undefinedBehaviour(`shift by ${String(count)}, at least the width ${width}`, location, steps);
}
function productTooLarge(location: SourceLocation, steps: number): never {
  undefinedBehaviour('a product beyond 2^4096 (int semantics: overflow not modelled)', location, steps);
}
function assumptionFailed(location: SourceLocation, steps: number): never {
  throw new RunStop({ kind: 'assumptionFailed', location, steps });
}
function assertionFailed(location: SourceLocation, steps: number, consumed: Counterexample): never {
  throw new RunStop({ kind: 'assertionFailed', location, steps, consumed });
}
function inputExhausted(location: SourceLocation, steps: number): never {
  throw new RunStop({ kind: 'inputExhausted', location, steps });
}

/** a scalar choice normalised and checked against the target type's range */
function checkedChoice(chosen: bigint, type: IntegerType, location: SourceLocation, steps: number): Value {
  const value = normalize(chosen);
  const { minimum, maximum } = valueRange(type);
  if (!(value >= minimum && value <= maximum)) {
    throw new RunStop({ kind: 'invalidInput', reason: `${chosen} is not a value of ${type.name}`, location, steps });
  }
  return value;
}

function consumedOf(
  replaying: Counterexample | undefined, scalars: readonly bigint[], arrays: readonly ArrayContent[],
  scalarCount: number, arrayCount: number,
): Counterexample {
  return replaying === undefined
    ? { scalars: [...scalars], arrays: [...arrays] }
    : { scalars: replaying.scalars.slice(0, scalarCount), arrays: replaying.arrays.slice(0, arrayCount) };
}

/** evaluated sizes as bigints, and the cell count when all sizes are non-negative (as compile.ts) */
function evaluateSizes(sizes: readonly Value[]): { values: bigint[]; cells: Value | undefined } {
  const values = sizes.map(toBigInt);
  let cells = 1n;
  for (const size of values) {
    if (size < 0n) return { values, cells: undefined };
    cells *= size;
  }
  return { values, cells: normalize(cells) };
}

function havocArray(
  nondet: NondetSource, store: ArrayStore, array: ArrayVariable, location: SourceLocation, sizes: readonly Value[], steps: number,
): ArrayContent {
  const { values, cells } = evaluateSizes(sizes);
  const content = nondet.nextArray(array, location, values);
  if (content === undefined) inputExhausted(location, steps);
  const elementType = array.elementType;
  const { minimum, maximum } = valueRange(elementType);
  const defaultValue = normalize(content.defaultValue);
  if (!(defaultValue >= minimum && defaultValue <= maximum)) {
    throw new RunStop({
      kind: 'invalidInput', reason: `default ${content.defaultValue} of ${array.sourceName} is not a value of ${elementType.name}`,
      location, steps,
    });
  }
  store.reset(defaultValue, true, cells);
  for (const [key, cellValue] of content.entries) {
    const value = normalize(cellValue);
    if (!(value >= minimum && value <= maximum)) {
      throw new RunStop({
        kind: 'invalidInput', reason: `${array.sourceName}[${key}] = ${cellValue} is not a value of ${elementType.name}`,
        location, steps,
      });
    }
    // multi-dimensional keys outside 0..cells-1 name no cell and are ignored
    if (values.length > 1 && !(cells !== undefined && key >= 0n && normalize(key) < cells)) continue;
    store.write(normalize(key), value);
  }
  return content;
}

function fillArray(store: ArrayStore, sizes: readonly Value[], value: Value): void {
  store.reset(value, false, evaluateSizes(sizes).cells);
}

export const runtime = {
  add, subtract, multiply, divide, remainder, shiftLeft, shiftRight, bitwiseAnd, bitwiseOr, bitwiseXor, negate, bitwiseNot,
  cellKey, cellKey2, stepLimit, undefinedBehaviour, shiftUndefined, productTooLarge, assumptionFailed, assertionFailed,
  inputExhausted, checkedChoice, consumedOf, havocArray, fillArray,
};
export const runtimeNames = Object.keys(runtime);
