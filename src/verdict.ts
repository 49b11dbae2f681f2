// Result types shared by the encoders, the pipeline and the CLI.
//
// Soundness contract: an encoding that over-approximates may only return `safe`; one that
// under-approximates may only return `unsafe`, and only with a counterexample that the interpreter
// has replayed on the original program. Everything else is `unknown` with a reason.

import type { SourceLocation } from './ir/types.js';

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
  | { readonly kind: 'unknown'; readonly reason: string };

export interface Diagnostic {
  readonly file: string;
  readonly location: SourceLocation;
  readonly severity: 'error' | 'unsupported' | 'warning';
  readonly message: string;
}

export function formatDiagnostic(diagnostic: Diagnostic): string {
  return `${diagnostic.file}:${diagnostic.location.line}:${diagnostic.location.column}: ${diagnostic.severity}: ${diagnostic.message}`;
}

/** Time spent per phase, in milliseconds. */
export type PhaseTimes = Record<string, number>;
