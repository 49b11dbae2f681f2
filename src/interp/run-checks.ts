// The run-time checks and stops both interpreter back ends share: the closure compiler
// (src/interp/compile.ts) calls these functions directly, the generated JavaScript
// (src/interp/codegen.ts) through the runtime object of src/interp/codegen-runtime.ts. One copy
// here keeps the two back ends' outcomes (kind, reason text, location, steps) identical.
//
// - stops: each throws a `RunStop` carrying the outcome (step limit, undefined behaviour, a failed
//   assumption or assertion, an exhausted source);
// - the step checkpoint: both back ends count steps against a checkpoint (at most the step limit,
//   at most `clockCheckInterval` steps ahead) and call `stepCheckpoint` when they pass it, which
//   stops the run past its step limit or past its deadline (a clock read every 65,536 steps, so a
//   synchronous run that holds the JavaScript thread still ends near its deadline); a fill or havoc
//   of many cells (one step, but work in proportion to its cells) reads the clock itself first,
//   against the run's deadline, which both back ends pass to it;
// - input checks: a scalar choice or an array havoc's content is normalised and checked against
//   the target type's range (`invalidInput` otherwise); array sizes are evaluated to bigints and to
//   a cell count (undefined when a size is negative); the consumed choices are recorded or, for a
//   replaying source, counted.
//
// Soundness assumptions: a source's values are trusted for nothing but their order; every value is
// checked against its type here before the program sees it. A multi-dimensional havoc ignores keys
// outside 0..cells-1 (they name no cell); a one-dimensional havoc stores every key (arrays are
// total maps, src/interp/arrays.ts).

import { performance } from 'node:perf_hooks';
import type { ArrayVariable, IntegerType, SourceLocation } from '../ir/types.js';
import type { ArrayContent, Counterexample } from '../verdict.js';
import type { ArrayStore } from './arrays.js';
import { RunStop, type NondetSource } from './run-types.js';
import { normalize, toBigInt, valueRange, type Value } from './values.js';

// ---------------------------------------------------------------- stops

export function stepLimit(maxSteps: number): never {
  throw new RunStop({ kind: 'stepLimitReached', steps: maxSteps });
}
/** steps between two reads of the clock: a run stops at most this many steps past its deadline */
export const clockCheckInterval = 65_536;

/**
 * Called when the step count passes the run's checkpoint: stops the run past `maxSteps` (the step
 * limit's outcome) or once the clock is past `deadline` (the same kind, marked `byDeadline`, with
 * the steps completed); otherwise returns the next checkpoint, never beyond `maxSteps`.
 */
export function stepCheckpoint(steps: number, maxSteps: number, deadline: number): number {
  if (steps > maxSteps) stepLimit(maxSteps);
  if (performance.now() > deadline) deadlineStop(steps);
  return Math.min(maxSteps, steps + clockCheckInterval);
}

/** stops the run past its deadline, with the steps completed before the current one */
function deadlineStop(steps: number): never {
  throw new RunStop({ kind: 'stepLimitReached', steps: steps - 1, byDeadline: true });
}

/** a fill or havoc of at least this many cells reads the clock before it runs */
const clockCheckCells = 1024;

/** stops the run (as stepCheckpoint does) when a step over `cells` cells would start past the deadline */
function checkDeadlineBeforeCells(cells: Value | undefined, steps: number, deadline: number): void {
  if (deadline === Number.POSITIVE_INFINITY) return;
  if (typeof cells === 'number' && cells < clockCheckCells) return;
  if (performance.now() > deadline) deadlineStop(steps);
}

export function undefinedBehaviour(reason: string, location: SourceLocation, steps: number): never {
  throw new RunStop({ kind: 'undefinedBehaviour', reason, location, steps });
}
export function shiftUndefined(count: Value, width: number, location: SourceLocation, steps: number): never {
  if (count < 0) undefinedBehaviour(`shift by the negative count ${String(count)}`, location, steps);
  undefinedBehaviour(`shift by ${String(count)}, at least the width ${width}`, location, steps);
}
export function productTooLarge(location: SourceLocation, steps: number): never {
  undefinedBehaviour('a product beyond 2^4096 (int semantics: overflow not modelled)', location, steps);
}
export function assumptionFailed(location: SourceLocation, steps: number): never {
  throw new RunStop({ kind: 'assumptionFailed', location, steps });
}
export function assertionFailed(location: SourceLocation, steps: number, consumed: Counterexample): never {
  throw new RunStop({ kind: 'assertionFailed', location, steps, consumed });
}
export function inputExhausted(location: SourceLocation, steps: number): never {
  throw new RunStop({ kind: 'inputExhausted', location, steps });
}

// ---------------------------------------------------------------- input checks

/** the smallest and largest value of a type (valueRange) */
type ValueRange = { readonly minimum: Value; readonly maximum: Value };

/**
 * a scalar choice normalised and checked against the target type's range; `range` is
 * valueRange(type), passed by callers that computed it once for a havoc site
 */
export function checkedChoice(
  chosen: bigint,
  type: IntegerType,
  location: SourceLocation,
  steps: number,
  range: ValueRange = valueRange(type),
): Value {
  const value = normalize(chosen);
  if (!(value >= range.minimum && value <= range.maximum)) {
    throw new RunStop({ kind: 'invalidInput', reason: `${chosen} is not a value of ${type.name}`, location, steps });
  }
  return value;
}

/** the choices a run consumed: recorded ones, or the counted prefix of the replayed counterexample */
export function consumedOf(
  replaying: Counterexample | undefined,
  scalars: readonly bigint[],
  arrays: readonly ArrayContent[],
  scalarCount: number,
  arrayCount: number,
): Counterexample {
  return replaying === undefined
    ? { scalars: [...scalars], arrays: [...arrays] }
    : { scalars: replaying.scalars.slice(0, scalarCount), arrays: replaying.arrays.slice(0, arrayCount) };
}

/** evaluated sizes as bigints, and the cell count when all sizes are non-negative */
export function evaluateSizes(sizes: readonly Value[]): { values: bigint[]; cells: Value | undefined } {
  const values = sizes.map(toBigInt);
  let cells = 1n;
  for (const size of values) {
    if (size < 0n) return { values, cells: undefined };
    cells *= size;
  }
  return { values, cells: normalize(cells) };
}

/**
 * an array havoc: the source's content for `array` (whose sizes evaluated to `sizes`), checked
 * against the element type and stored; returns the content for the consumed choices.
 * `elementRange` is valueRange(array.elementType), passed by callers that computed it once.
 */
export function havocArray(
  nondet: NondetSource,
  store: ArrayStore,
  array: ArrayVariable,
  location: SourceLocation,
  sizes: readonly Value[],
  steps: number,
  deadline: number,
  elementRange: ValueRange = valueRange(array.elementType),
): ArrayContent {
  const { values, cells } = evaluateSizes(sizes);
  checkDeadlineBeforeCells(cells, steps, deadline);
  const content = nondet.nextArray(array, location, values);
  if (content === undefined) inputExhausted(location, steps);
  const elementType = array.elementType;
  const { minimum, maximum } = elementRange;
  const defaultValue = normalize(content.defaultValue);
  if (!(defaultValue >= minimum && defaultValue <= maximum)) {
    throw new RunStop({
      kind: 'invalidInput',
      reason: `default ${content.defaultValue} of ${array.sourceName} is not a value of ${elementType.name}`,
      location,
      steps,
    });
  }
  store.reset(defaultValue, true, cells);
  for (const [key, cellValue] of content.entries) {
    const value = normalize(cellValue);
    if (!(value >= minimum && value <= maximum)) {
      throw new RunStop({
        kind: 'invalidInput',
        reason: `${array.sourceName}[${key}] = ${cellValue} is not a value of ${elementType.name}`,
        location,
        steps,
      });
    }
    // multi-dimensional keys outside 0..cells-1 name no cell and are ignored
    if (values.length > 1 && !(cells !== undefined && key >= 0n && normalize(key) < cells)) continue;
    store.write(normalize(key), value);
  }
  return content;
}

/**
 * an array fill: every cell of `store` holds `value` (sizes evaluated to `sizes` pre-size it); a
 * fill of many cells past the run's deadline stops the run instead, after `steps` − 1 steps
 */
export function fillArray(
  store: ArrayStore,
  sizes: readonly Value[],
  value: Value,
  steps: number,
  deadline: number,
): void {
  const cells = evaluateSizes(sizes).cells;
  checkDeadlineBeforeCells(cells, steps, deadline);
  store.reset(value, false, cells);
}
