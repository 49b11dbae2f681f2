// The one interface every solver back end implements (in-process z3, external processes).
// A back end answers `sat`, `unsat` or `unknown`; the encodings decide what that means as a verdict.
// Every call is bounded by `timeoutMilliseconds`: a back end that runs out of time answers
// `unknown` with reason 'timeout' and leaves nothing running.

import { performance } from 'node:perf_hooks';
import type { ChcSystem, SmtScript, Term } from '../smt/terms.js';

/** A value read from a model: integers and bit-vectors as bigint (bit-vectors unsigned), booleans, arrays. */
export type ModelValue =
  | { readonly kind: 'integer'; readonly value: bigint }
  | { readonly kind: 'boolean'; readonly value: boolean }
  | {
      readonly kind: 'array';
      readonly defaultValue: ModelValue;
      readonly entries: readonly { readonly index: ModelValue; readonly value: ModelValue }[];
    };

/** the reason of an `unknown` answer when the time limit was reached (the back ends normalise to it) */
export const timeoutReason = 'timeout';

export type SolverResult =
  | {
      readonly kind: 'sat';
      /** values of the requested terms, in request order (present when terms were requested) */
      readonly values: readonly ModelValue[] | undefined;
      /**
       * the model as the solver printed it for `(get-model)` (CheckOptions.model), re-printed from
       * its s-expression: one `(define-fun …)` per line; undefined when not asked for or not printed
       */
      readonly model?: string;
    }
  | { readonly kind: 'unsat' }
  | { readonly kind: 'unknown'; readonly reason: string };

export interface CheckOptions {
  readonly timeoutMilliseconds: number;
  /**
   * terms to evaluate in the model when the answer is sat (model completion on). The back end asks
   * for them only after a sat answer (a get-value after unsat is an error in SMT-LIB), so callers
   * make one call whatever the answer.
   */
  readonly valuesOf?: readonly Term[];
  /** aborted: stop at once (kill the solver process) and answer unknown 'timeout' */
  readonly signal?: AbortSignal;
  /**
   * one of many small questions (viap's "is the condition implied?", hundreds per program): a back
   * end may answer it in a solver kept from the questions before (between `(push)` and `(pop)`,
   * the script's logic not set), which saves the start of a fresh solver (about 6 ms each with z3
   * 4.8). The answer is the same solver's on the same assertions; only its configuration may differ.
   */
  readonly question?: boolean;
  /**
   * ask for the model after a sat answer (`(get-model)`; for a CHC system: the interpretation of its
   * predicates, CHC-COMP's model format); a back end that cannot give one answers without it
   */
  readonly model?: boolean;
  /**
   * false: z3 solves a CHC system without its slicing of the clauses (`fp.xform.slice`), which is on
   * by default; z3 4.8.12's Spacer sometimes answers sat with a model that fails a clause of the
   * sliced system (the chc encoder asks again so after its model was refuted). Ignored elsewhere.
   */
  readonly chcSlicing?: false;
}

/** the option line that turns z3's slicing of CHC systems off (CheckOptions.chcSlicing), or nothing */
export function chcSlicingOption(options: CheckOptions): string {
  return options.chcSlicing === false ? '(set-option :fp.xform.slice false)\n' : '';
}

/**
 * The options of a call with the time spent since `startedAt` (performance.now()) taken off its
 * timeout: a back end prints the query before it runs the solver, and the printing of a large
 * query counts against the call's time too. Undefined when nothing is left.
 */
export function timeLeft(options: CheckOptions, startedAt: number): CheckOptions | undefined {
  const remaining = Math.floor(options.timeoutMilliseconds - (performance.now() - startedAt));
  return remaining < 1 ? undefined : { ...options, timeoutMilliseconds: remaining };
}

/**
 * A question asked in a kept solver (`askKept`), and again in a fresh one (`askFresh`) with the
 * time left when the kept solver gave up without running out of time: z3's incremental core answers
 * `unknown` ("incomplete (theory arithmetic)") to some nonlinear questions that its tactics for a
 * fresh script decide, so the kept solver saves time and never costs an answer.
 */
export async function answerQuestion(
  options: CheckOptions,
  askKept: (options: CheckOptions) => Promise<SolverResult>,
  askFresh: (options: CheckOptions) => Promise<SolverResult>,
): Promise<SolverResult> {
  const started = performance.now();
  const kept = await askKept(options);
  if (kept.kind !== 'unknown' || kept.reason === timeoutReason || options.signal?.aborted === true) return kept;
  const left = timeLeft(options, started);
  // (z3's incremental core may give its reason as "incomplete" when its time limit stops it)
  if (left === undefined || left.timeoutMilliseconds < options.timeoutMilliseconds * 0.1)
    return { kind: 'unknown', reason: timeoutReason };
  return askFresh({ ...left, question: false });
}

export interface Solver {
  /** e.g. 'z3-wasm', 'z3', 'cvc5', or the custom command */
  readonly name: string;
  /** whether calls made at the same time run at the same time (external processes), not one after the other */
  readonly concurrent?: boolean;
  checkScript(script: SmtScript, options: CheckOptions): Promise<SolverResult>;
  /** sat: the clauses have a model (the program is safe w.r.t. the encoding); unsat: a refutation exists */
  checkChc(system: ChcSystem, options: CheckOptions): Promise<SolverResult>;
  /**
   * a complete SMT-LIB script as text, for what our terms cannot say (a model's `define-fun`s as the
   * solver printed them; certificates/check.ts): answered as the first check-sat of the script is.
   * The back end adds its time limit; `valuesOf` and `model` are not read. Absent on back ends that
   * only take terms (test doubles).
   */
  checkText?(text: string, options: CheckOptions): Promise<SolverResult>;
  /** starts what the first call needs (the in-process solver's module) while other work runs */
  warmUp?(): void;
  /** release resources (WASM threads, child processes); safe to call twice */
  dispose(): Promise<void>;
}

/** the --solver choices, for the help text (here, not in ./index.ts, so that --help loads no solver) */
export const solverChoicesHelp =
  "auto (default: z3 on PATH, else z3-wasm) | z3-wasm (in-process) | z3 | cvc5 | 'CMD {file}'";
