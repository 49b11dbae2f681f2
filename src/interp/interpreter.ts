// The concrete interpreter: the ground truth every test and every UNSAFE verdict is checked against.
//
// `runProgram` runs a lowered `Program` under `int` or `bv` semantics (src/ir/types.ts) taking its
// nondeterministic choices from a `NondetSource`. The program is compiled once (src/interp/compile.ts:
// generated JavaScript from src/interp/codegen.ts, the closure compiler as reference and fallback);
// values are exact integers (src/interp/values.ts), arrays total maps (src/interp/arrays.ts).
//
// Choices beyond the IR's own rules, shared with every encoder's documented assumptions:
// - a scalar read before any assignment reads 0; an array before any fill or havoc holds 0 in
//   every cell (lowering havocs or fills every declared object explicitly);
// - division or remainder by zero, and a shift by a negative count or by at least the width of the
//   shifted type, stop the run with `undefinedBehaviour` in both semantics; signed overflow wraps in
//   `bv` and does not exist in `int` (mathematical integers);
// - one step is one executed statement or one evaluation of a loop condition.
//
// A run is synchronous (it holds the JavaScript thread, so no timer can stop it): besides its step
// limit it may have a `deadline` (performance.now()'s time line), read every 65,536 steps; a run
// past it stops as a step-limit stop does (`stepLimitReached`, marked `byDeadline`). Both stops
// only ever cut a run short: a cut run is never a verdict.

import type { Program, Semantics } from '../ir/types.js';
import type { Counterexample } from '../verdict.js';
import { compileProgram } from './compile.js';
import type { NondetSource, RunOutcome } from './run-types.js';
import { createCounterexampleSource } from './sources.js';

// the shared run types live in run-types.ts (imported by every interpreter file, so no import
// circle); re-exported here, where the code outside src/interp imports them from
export type { NondetSource, RunOutcome } from './run-types.js';

export interface RunOptions {
  semantics: Semantics;
  nondet: NondetSource;
  maxSteps: number;
  /** on performance.now()'s time line: the run stops soon after it (none: only the step limit stops it) */
  deadline?: number;
}

export const defaultReplaySteps = 500_000_000;

export function runProgram(program: Program, options: RunOptions): RunOutcome {
  return compileProgram(program, options.semantics).run(options.nondet, options.maxSteps, options.deadline).outcome;
}

/** Runs the program on exactly the choices of `counterexample`. */
export function replayCounterexample(
  program: Program,
  counterexample: Counterexample,
  semantics: Semantics,
  maxSteps: number = defaultReplaySteps,
  deadline?: number,
): RunOutcome {
  const nondet = createCounterexampleSource(counterexample);
  return runProgram(program, { semantics, nondet, maxSteps, ...(deadline === undefined ? {} : { deadline }) });
}

export function describeOutcome(outcome: RunOutcome): string {
  switch (outcome.kind) {
    case 'assertionFailed':
      return `assertion failed at ${outcome.location.line}:${outcome.location.column} after ${outcome.steps} steps`;
    case 'assumptionFailed':
      return `assumption failed at ${outcome.location.line}:${outcome.location.column} after ${outcome.steps} steps`;
    case 'completed':
      return `completed after ${outcome.steps} steps`;
    case 'stepLimitReached':
      return outcome.byDeadline === true
        ? `deadline reached after ${outcome.steps} steps`
        : `step limit reached after ${outcome.steps} steps`;
    case 'undefinedBehaviour':
      return `undefined behaviour (${outcome.reason}) at ${outcome.location.line}:${outcome.location.column}`;
    case 'inputExhausted':
      return `input exhausted at ${outcome.location.line}:${outcome.location.column}`;
    case 'invalidInput':
      return `invalid input (${outcome.reason}) at ${outcome.location.line}:${outcome.location.column}`;
    default: {
      const unreachable: never = outcome;
      return unreachable;
    }
  }
}
