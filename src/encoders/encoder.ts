// The contract every encoding implements, in the style of Golem's engines: one `solve()` that
// returns a verdict, and one `emit()` that returns the SMT-LIB / CHC artefacts a user can feed to an
// external solver. Each encoder states how it approximates the program, which bounds the verdicts
// it may give (see verdict.ts).

import type { Program, Semantics } from '../ir/types.js';
import type { ChcSystem, SmtScript } from '../smt/terms.js';
import type { Solver } from '../solvers/solver.js';
import type { PhaseTimes, Verdict } from '../verdict.js';

export interface EncodingOptions {
  readonly semantics: Semantics;
  /** loop unwinding depth for bounded encodings */
  readonly unwind: number;
  /** bmc: also check that every loop exits within `unwind` iterations, which allows SAFE */
  readonly unwindingAssertions: boolean;
  /**
   * the whole time budget of one `solve()` call: each solver call gets at most what remains, and
   * `solve()` returns UNKNOWN ('timeout') when it is used up
   */
  readonly timeoutMilliseconds: number;
  /**
   * witness encoding only: `cells` distinguished cells per array group (k >= 1, default 1) and
   * whether loops stay as Horn-clause predicates ('kept', default) or are removed by the paper's
   * rules 3.S3/3.S4 into one loop-free query ('removed')
   */
  readonly witness?: { readonly cells: number; readonly loops: 'kept' | 'removed' };
  /** shrink encoding only: the largest candidate shrink-factor tried (--max-k, default 5) */
  readonly shrink?: { readonly maxK: number };
  /** accel encoding only: the unwinding of the accelerated program (default 3) */
  readonly accel?: { readonly unwind?: number };
}

/**
 * - `exact-bounded`: exact up to a bound (bmc): UNSAFE after replay; SAFE only with unwinding assertions.
 * - `over`: over-approximates the program: may prove SAFE; UNSAFE only after a replay.
 * - `under`: under-approximates: may report UNSAFE (after replay), never SAFE.
 * - `exact`: exact encoding of the program (chc): SAFE from a model, UNSAFE only after replay.
 */
export type Approximation = 'exact-bounded' | 'over' | 'under' | 'exact';

export interface EmittedArtefact {
  /** appended to the input's base name: e.g. '.bmc.smt2', '.chc.smt2', '.shrink-k1.smt2' */
  readonly suffix: string;
  readonly content: SmtScript | ChcSystem;
}

export type EmitResult =
  | { readonly kind: 'emitted'; readonly artefacts: readonly EmittedArtefact[] }
  | { readonly kind: 'unsupported'; readonly reason: string };

export interface SolveOutcome {
  readonly verdict: Verdict;
  readonly times: PhaseTimes;
  /** free-form facts for --json (e.g. unwinding used, shrink factor) */
  readonly details: Readonly<Record<string, unknown>>;
}

export interface Encoder {
  readonly name: string;
  readonly approximation: Approximation;
  emit(program: Program, options: EncodingOptions): EmitResult;
  /** encodings whose artefacts need solver calls to build (accel's quantifier elimination) emit here */
  emitWithSolver?(program: Program, options: EncodingOptions, solver: Solver): Promise<EmitResult>;
  solve(program: Program, options: EncodingOptions, solver: Solver): Promise<SolveOutcome>;
}
