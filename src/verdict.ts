// Result types shared by the encoders, the pipeline and the CLI.
//
// Soundness contract: an encoding that over-approximates may only return `safe`; one that
// under-approximates may only return `unsafe`, and only with a counterexample that the interpreter
// has replayed on the original program. Everything else is `unknown` with a reason.

import type { SourceLocation } from './location.js';

export { formatDiagnostic, type Diagnostic } from './location.js';

/** Concrete value of an array: `entries` override `defaultValue`. */
export interface ArrayContent {
  readonly defaultValue: bigint;
  readonly entries: ReadonlyMap<bigint, bigint>;
}

/**
 * The nondeterministic choices of one run, in the order the interpreter consumes them:
 * one entry of `scalars` per executed `havoc`, one entry of `arrays` per executed `arrayHavoc`
 * (for multi-dimensional arrays the map key is the row-major flattened index).
 */
export interface Counterexample {
  readonly scalars: readonly bigint[];
  readonly arrays: readonly ArrayContent[];
}

/** what a SAFE of an encoding in `int` semantics assumes (kernel/c-semantics.ts replaces it for `c`) */
export const mathematicalIntegersAssumption = 'mathematical integers (no overflow)';

export type Verdict =
  | {
      readonly kind: 'safe';
      /** what the proof assumes, e.g. 'mathematical integers (no overflow)' */
      readonly assumptions: readonly string[];
    }
  | {
      readonly kind: 'unsafe';
      readonly counterexample: Counterexample;
      /** where the replay failed the assertion */
      readonly violatedAt: SourceLocation;
    }
  | { readonly kind: 'unknown'; readonly reason: UnknownReason };

/**
 * Why a verdict is UNKNOWN. Code decides by `kind`, never by the text; `message` is for people.
 * - `timeout`: the time budget ran out;
 * - `solverUnknown`: a solver answered unknown (or gave no answer) before the budget ran out;
 * - `unsupported`: the program is outside what the encoding handles soundly;
 * - `imprecise`: the abstraction failed, and nothing says the program does;
 * - `noReplay`: a candidate counterexample did not replay on the program (or could not be read);
 * - `resourceLimit`: a limit of our own (formula size, replay steps, unwinding) stopped the search.
 */
export type UnknownKind = 'timeout' | 'solverUnknown' | 'unsupported' | 'imprecise' | 'noReplay' | 'resourceLimit';

export interface UnknownReason {
  readonly kind: UnknownKind;
  readonly message: string;
  readonly location?: SourceLocation;
}

export function unknownReason(kind: UnknownKind, message: string, location?: SourceLocation): UnknownReason {
  return location === undefined ? { kind, message } : { kind, message, location };
}

/** an UNKNOWN verdict */
export function unknownVerdict(kind: UnknownKind, message: string, location?: SourceLocation): Verdict {
  return { kind: 'unknown', reason: unknownReason(kind, message, location) };
}

/** the reason as one line for people: the message, with the location when it has one */
export function describeReason(reason: UnknownReason): string {
  return reason.location === undefined
    ? reason.message
    : `${reason.message} (at ${reason.location.line}:${reason.location.column})`;
}

/** Time spent per phase, in milliseconds. */
export type PhaseTimes = Record<string, number>;
