// The contract every encoding implements, in the style of Golem's engines: one `solve()` that
// returns a verdict, and one `emit()` that returns the SMT-LIB / CHC artefacts a user can feed to an
// external solver. Each encoder states how it approximates the program, which bounds the verdicts
// it may give (see verdict.ts), and declares the options it reads (kernel/options.ts).
//
// Encoders are run through the kernel (kernel/run-encoding.ts `runEncoding`), never directly by the CLI:
// the kernel owns the time budget (every solver call an encoder makes is cut to what remains), and
// its guard lets a verdict out only if it respects the encoder's approximation and, for UNSAFE, was
// made by the kernel's replay (kernel/confirm.ts).

import type { ControlFlowDeclaration } from '../analysis/control-flow-forms.js';
import type { CertificateClaim } from '../certificates/certificate.js';
import type { Program } from '../ir/types.js';
import type { ChcSystem, SmtScript } from '../smt/terms.js';
import type { Solver } from '../solvers/solver.js';
import type { PhaseTimes, Verdict } from '../verdict.js';
import type { Budget } from './budget.js';
import type { AnyOptionDeclaration, EncodingOptions } from './options.js';
import type { RunMemory } from './run-memory.js';

export type { EncodingOptions } from './options.js';

/**
 * - `exact-bounded`: exact up to a bound (bmc): UNSAFE after replay; SAFE only where `canProveSafe` says.
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
  /** facts for --json (unwinding used, shrink factor, …): for people and scripts, never read by code */
  readonly details: Readonly<Record<string, unknown>>;
  /** lines printed after the verdict (e.g. accel's summaries with --show-summaries) */
  readonly report?: readonly string[];
  /**
   * with a SAFE: the invariants that certify it, as a model of the Horn clauses of the program the
   * encoder got (certificates/certificate.ts), or why there are none; absent: the encoding gives
   * none. The kernel checks it (kernel/certify.ts); the encoder's word is not taken for it.
   */
  readonly certificateClaim?: CertificateClaim;
  /**
   * with a SAFE and a claim: one more attempt at a certificate when the checker refuted that claim
   * (chc: Spacer again without its slicing, which models some clauses wrongly), in the time left;
   * undefined when it gives none. The kernel checks it as the first, and the SAFE stands only if
   * the checker confirms it (run-encoding.ts).
   */
  readonly retryCertificate?: () => Promise<CertificateClaim | undefined>;
}

/** What an encoder's `solve` gets: its options, the run's budget, and a solver cut to that budget. */
export interface EncoderContext {
  readonly options: EncodingOptions;
  readonly budget: Budget;
  readonly solver: Solver;
  /**
   * only a proof (and its certificate) is wanted, no counterexample search: the portfolio's
   * certificate step, after another encoding's SAFE (kernel/strategy.ts skips its searches)
   */
  readonly proofOnly?: boolean;
  /** what the verification keeps across its runs (run-memory.ts); absent for a run alone */
  readonly memory?: RunMemory;
}

/** What `emit` gets: a solver only for encoders that declare `emitUsesSolver`. */
export interface EmitContext {
  readonly options: EncodingOptions;
  readonly budget: Budget;
  readonly solver: Solver | undefined;
}

export interface Encoder {
  readonly name: string;
  /** one line for the help text: what the encoding does */
  readonly summary: string;
  readonly approximation: Approximation;
  /** the options this encoding reads (the CLI builds its flags from these) */
  readonly options: readonly AnyOptionDeclaration[];
  /** whether `emit` makes solver calls (accel's quantifier elimination) */
  readonly emitUsesSolver: boolean;
  /**
   * the IR control-flow forms the encoding models, each named (analysis/control-flow-forms.ts): the
   * kernel refuses a program with a form marked 'refused' (UNKNOWN, unsupported) before `solve` or
   * `emit` sees it, after moving update exits into loop bodies where that is exact (kernel/control-flow.ts)
   */
  readonly controlFlow: ControlFlowDeclaration;
  /**
   * whether a SAFE verdict is within this encoding's contract for these options (bmc: only with
   * unwinding assertions); absent: every approximation but `under` may prove SAFE
   */
  canProveSafe?(options: EncodingOptions): boolean;
  /**
   * whether the kernel may hand this encoding a program whose loops of writes at a chosen index are
   * over-approximated (analysis/chosen-index-writes.ts, kernel/transforms.ts): its SAFE then holds for
   * the program, its UNSAFE seldom replays on it; absent: the program as it is (the encodings whose
   * counterexamples find the bugs of that class keep it)
   */
  readonly acceptsOverApproximation?: boolean;
  /**
   * with acceptsOverApproximation: the share of the budget for a shallow counterexample search that
   * the kernel runs on the program without the over-approximating passes before the encoder gets the
   * over-approximated one for a proof (its own search would run on a program whose counterexamples
   * seldom replay); absent: no such search
   */
  readonly searchBeforeOverApproximation?: number;
  /**
   * whether the encoding needs the program's own loops: the passes that rewrite folds or sums
   * (permuted reductions, tracked sums: exact rewrites whose certificates are lost, kernel/
   * transforms.ts) leave its program as it is (the unrolling certifier, whose invariants are the
   * states of the program's own loops); absent: every pass applies
   */
  readonly needsOriginalLoops?: boolean;
  emit(program: Program, context: EmitContext): Promise<EmitResult>;
  solve(program: Program, context: EncoderContext): Promise<SolveOutcome>;
}

/** what the command line reads of an encoding without loading it (src/encoders/<name>/declaration.ts) */
export type EncoderDeclaration = Pick<
  Encoder,
  | 'name'
  | 'summary'
  | 'approximation'
  | 'options'
  | 'emitUsesSolver'
  | 'controlFlow'
  | 'acceptsOverApproximation'
  | 'searchBeforeOverApproximation'
  | 'needsOriginalLoops'
>;
