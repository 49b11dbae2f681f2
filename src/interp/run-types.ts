// The types every part of the concrete interpreter shares: where nondeterministic choices come
// from (`NondetSource`), how a run ends (`RunOutcome`, carried out of a run by throwing `RunStop`),
// and what a compiled program offers (`CompiledProgram`, `CompiledRun`).
//
// This file imports nothing of src/interp, so every other interpreter file can import it without
// an import circle: run-types <- run-checks <- codegen-runtime <- codegen <- compile <- interpreter
// (sources and explore import run-types, and compile, directly).
//
// Soundness assumptions: none of its own; the meaning of an outcome (what a step is, when a run
// stops with undefined behaviour) is fixed by src/interp/interpreter.ts's header and holds alike
// for both back ends (src/interp/compile.ts and src/interp/codegen.ts).

import type { ArrayVariable, HavocOrigin, IntegerType, SourceLocation } from '../ir/types.js';
import type { ArrayContent, Counterexample } from '../verdict.js';

export interface NondetSource {
  /** a value for a scalar `havoc` of the given origin; undefined when the source is exhausted */
  nextScalar(type: IntegerType, location: SourceLocation, origin: HavocOrigin): bigint | undefined;
  /**
   * the content for an `arrayHavoc`; `sizes` are the array's sizes evaluated at the havoc (for
   * multi-dimensional arrays the entries are keyed by the row-major flattened index over them).
   */
  nextArray(array: ArrayVariable, location: SourceLocation, sizes: readonly bigint[]): ArrayContent | undefined;
  /**
   * set when the source hands out exactly this counterexample's values in order: the interpreter
   * then counts what it consumed instead of recording it (replays of long accelerated runs)
   */
  readonly replaying?: Counterexample;
}

export type RunOutcome =
  | { kind: 'assertionFailed'; location: SourceLocation; consumed: Counterexample; steps: number }
  | { kind: 'assumptionFailed'; location: SourceLocation; steps: number }
  | { kind: 'completed'; steps: number }
  /**
   * the run was cut: past its step limit (`steps` is the limit), or, with `byDeadline`, past the
   * deadline of its options (`steps` is the steps run by then)
   */
  | { kind: 'stepLimitReached'; steps: number; byDeadline?: true }
  | { kind: 'undefinedBehaviour'; reason: string; location: SourceLocation; steps: number }
  | { kind: 'inputExhausted'; location: SourceLocation; steps: number }
  /** a given value outside the type's range */
  | { kind: 'invalidInput'; reason: string; location: SourceLocation; steps: number };

/** thrown to end a run early; caught by the back end's `run`, which returns its outcome */
export class RunStop {
  constructor(readonly outcome: RunOutcome) {}
}

export interface CompiledRun {
  readonly outcome: RunOutcome;
  /** a read returned the nondeterministic default value of a havocked array (a cell no choice enumerated) */
  readonly nondeterministicDefaultRead: boolean;
}

export interface CompiledProgram {
  /**
   * one run; with a `deadline` (on performance.now()'s time line) the run also stops once the
   * clock passes it, checked every `clockCheckInterval` steps (src/interp/run-checks.ts), with a
   * `stepLimitReached` outcome marked `byDeadline`
   */
  run(nondet: NondetSource, maxSteps: number, deadline?: number): CompiledRun;
}
