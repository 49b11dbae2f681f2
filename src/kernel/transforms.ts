// The program passes between the lowered program and an encoder, as values: one `ProgramTransform`
// shape and one list (`programTransforms`), which `runEncoding` and `emitEncoding` both fold, so the
// files `--emit` writes are those of the program `--solve` solves (in the style of Golem's
// transformers, each with the way back of its verdicts).
//
// A transform looks at the program and the request and either leaves the program alone, refuses it
// (UNKNOWN, unsupported, before the encoder runs), or rewrites it, giving:
// - the program the next transform (and at the end the encoder) reads, and the semantics it is read in;
// - header lines for emitted files (what the rewrite did, what a file's answers mean);
// - the way back: the verdict on the rewritten program as a verdict on the transform's input. A SAFE
//   says what the rewrite rests on; an UNSAFE must leave confirmed on `confirmedOn` (a replay there,
//   kernel/confirm.ts), which the kernel checks after each step back (run-encoding.ts);
// - whether a certificate of the rewritten program (invariants that model its Horn clauses,
//   certificates/) is one of the transform's input (`certificate`: kept, or lost and why). Only C's
//   semantics keeps it: in `c` the certificate stays one of the program with wrap checks, read over
//   the integers, and certifies the C program by the argument of analysis/wrap-checks.ts (a C run
//   and the integer run agree until a check fails; the clauses' queries hold every check, so the
//   invariants prove that none fails, and then that no assertion fails in C); in `bv` and `int` the
//   program is unchanged. The other rewrites change the loops or the variables the invariants are
//   over and translate no invariant back, so a certificate after them is none (their reason).
//
// The list, in order:
// 1. reductions repeated after a permutation (permuted-reductions.ts; asks the solver whether a fold
//    is order-independent, exact in C's semantics where proven; reachability only, and only for
//    encoders that may prove SAFE: it serves proofs, and its laws cost an under-approximating
//    stage seconds before it starts; not for an encoder that declares `needsOriginalLoops`, nor step 4);
// 2. loops that write at an index they choose, over-approximated by a choice at every index
//    (analysis/chosen-index-writes.ts; reachability only, and only for the encoders that declare
//    `acceptsOverApproximation`, which over-approximate the program anyway: their UNSAFE is replayed on
//    the program before the rewrite, while the encoders that find the bugs of the class, witness among
//    them, keep the program as it is; an encoder that declares `searchBeforeOverApproximation` gets
//    first a shallow search on the list folded without this step, applyTransforms'
//    withoutOverApproximations, run by run-encoding.ts);
// 3. C's semantics (c-semantics.ts): in `c` the program with wrap checks, computed in `int`;
//    no-overflow's checked program; `int` and `bv` as they are;
// 4. sums tracked through writes at unpredictable indices (analysis/tracked-sums.ts; reachability only);
// 5. the control-flow forms the encoder models (control-flow.ts: update exits moved into loop bodies,
//    exact; any other form not modelled refused).
// Adding a pass is one module with a `ProgramTransform` and one line in the list.

import { overApproximateChosenIndexWrites } from '../analysis/chosen-index-writes.js';
import { trackSums } from '../analysis/tracked-sums.js';
import type { Program, Semantics } from '../ir/types.js';
import { propertyDefinition } from '../svcomp/properties.js';
import type { Solver } from '../solvers/solver.js';
import { unknownReason, type UnknownReason, type Verdict } from '../verdict.js';
import type { Budget } from './budget.js';
import { prepareProgram, semanticsHeader } from './c-semantics.js';
import { confirmCounterexample } from './confirm.js';
import { admitControlFlow } from './control-flow.js';
import type { EncoderDeclaration } from './encoder.js';
import type { RequestOptions } from './options.js';
import { copyPermutedReductions, hasPermutedReductions } from './permuted-reductions.js';
import { rememberingSolver, type AnswerMemory } from './remembered-answers.js';

/** what a transform is asked with */
export interface TransformRequest {
  readonly options: RequestOptions;
  readonly encoder: EncoderDeclaration;
  /** a transform that proves its rewrite exact asks it; without one such a transform leaves the program alone */
  readonly solver: Solver | undefined;
  readonly budget: Budget;
  /** the definite answers the run's passes got before (remembered-answers.ts): asked again, they are not solved again */
  readonly answers?: AnswerMemory;
}

/** the way back of one rewrite */
export interface BackTranslation {
  /** the verdict on the rewritten program as one on the transform's input */
  verdict(verdict: Verdict, budget: Budget): Verdict;
  /** where a translated UNSAFE was confirmed (the kernel checks its provenance there) */
  readonly confirmedOn: Program;
  /** the semantics a translated UNSAFE is judged in (the contract check's options) */
  readonly semantics: Semantics;
  /** whether a certificate of the rewritten program certifies the input (see the header) */
  readonly certificate: CertificateTranslation;
}

/** what a rewrite does to a certificate of the program it produced */
export type CertificateTranslation =
  /** a certificate of the rewritten program is one of the input (`why`: the argument, for people) */
  | { readonly kind: 'kept'; readonly why: string }
  /** it is not, and no invariant is translated back */
  | { readonly kind: 'lost'; readonly reason: string };

export type TransformStep =
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'refused'; readonly reason: UnknownReason }
  | {
      readonly kind: 'rewritten';
      readonly program: Program;
      /** the semantics the rewritten program is read in (default: the input's) */
      readonly semantics?: Semantics;
      /** lines for the header of every emitted file */
      readonly header: readonly string[];
      /** extra facts for --json (checks inserted, …) */
      readonly details?: Readonly<Record<string, unknown>>;
      readonly back: BackTranslation;
      /**
       * the rewritten program has more runs than the input (an over-approximation): a counterexample
       * search on it is wasted, since its counterexamples seldom replay, so the encoder is asked for a
       * proof only (EncoderContext.proofOnly)
       */
      readonly overApproximation?: boolean;
    };

export interface ProgramTransform {
  readonly name: string;
  /** `semantics`: what the input program is read in (the asked one, until a transform changes it) */
  apply(program: Program, semantics: Semantics, request: TransformRequest): Promise<TransformStep>;
}

/** the semantics the program is read in before any transform: `c` is C's, i.e. `bv` */
export function initialSemantics(options: RequestOptions): Semantics {
  return options.semantics === 'int' ? 'int' : 'bv';
}

/** the passes that keep the reachability of assertions apply where the assertions are the property */
function reachability(options: RequestOptions): boolean {
  return propertyDefinition(options.property).assertionsAreTheProperty;
}

/** SAFE gains `notes`; an UNSAFE is replayed on `input` in `semantics`, else UNKNOWN */
function replayingBack(
  input: Program,
  semantics: Semantics,
  notes: readonly string[],
  certificate: CertificateTranslation,
): BackTranslation {
  return {
    confirmedOn: input,
    semantics,
    certificate,
    verdict: (verdict, budget) => {
      switch (verdict.kind) {
        case 'unknown':
          return verdict;
        case 'safe':
          return notes.length === 0 ? verdict : { ...verdict, assumptions: [...verdict.assumptions, ...notes] };
        case 'unsafe': {
          const confirmation = confirmCounterexample(
            input,
            { kind: 'choices', counterexample: verdict.counterexample },
            { semantics, budget },
          );
          return confirmation.kind === 'confirmed'
            ? confirmation.verdict
            : { kind: 'unknown', reason: confirmation.reason };
        }
        default: {
          const never: never = verdict;
          throw new Error(`unknown verdict ${JSON.stringify(never)}`);
        }
      }
    },
  };
}

const permutedReductions: ProgramTransform = {
  name: 'permuted reductions',
  async apply(program, semantics, request) {
    // the rewrite serves proofs: an encoder that never answers SAFE (random runs, accel) reads the program as it is
    if (
      !reachability(request.options) ||
      request.solver === undefined ||
      request.encoder.approximation === 'under' ||
      request.encoder.needsOriginalLoops === true ||
      !hasPermutedReductions(program)
    )
      return { kind: 'unchanged' };
    const solver = request.answers === undefined ? request.solver : rememberingSolver(request.solver, request.answers);
    const rewritten = await copyPermutedReductions(program, semantics, solver, request.budget);
    if (rewritten === undefined) return { kind: 'unchanged' };
    return {
      kind: 'rewritten',
      program: rewritten.program,
      header: rewritten.details.map((detail) => `program pass: ${detail}`),
      back: replayingBack(program, semantics, rewritten.notes, {
        kind: 'lost',
        reason: 'a reduction was rewritten after a permutation (program pass); its invariants are not translated back',
      }),
    };
  },
};

const chosenIndexWrites: ProgramTransform = {
  name: 'chosen-index writes',
  async apply(program, semantics, request) {
    if (!reachability(request.options) || request.encoder.acceptsOverApproximation !== true)
      return { kind: 'unchanged' };
    const rewritten = overApproximateChosenIndexWrites(program);
    if (rewritten === undefined) return { kind: 'unchanged' };
    return {
      kind: 'rewritten',
      program: rewritten.program,
      header: rewritten.notes.map((note) => `program pass: ${note}`),
      back: replayingBack(program, semantics, rewritten.notes, {
        kind: 'lost',
        reason:
          'writes at a chosen index were over-approximated by a loop over every index (program pass): the invariants are over the new loop',
      }),
      overApproximation: true,
    };
  },
};

const cSemantics: ProgramTransform = {
  name: 'C semantics',
  async apply(program, semantics, request) {
    const { options } = request;
    const prepared = prepareProgram(program, options.semantics, options.property, options.exactWraps === true);
    return {
      kind: 'rewritten',
      program: prepared.program,
      semantics: prepared.semantics,
      header: semanticsHeader(options.semantics, prepared.sites, options.property),
      ...(prepared.sites.length === 0 ? {} : { details: { wrapChecks: prepared.sites.length } }),
      back: {
        confirmedOn: prepared.confirmedOn,
        semantics,
        verdict: (verdict, budget) => prepared.finish(verdict, budget),
        certificate: {
          kind: 'kept',
          why:
            prepared.program === program
              ? `the program is unchanged (${prepared.semantics})`
              : 'the program with its wrap checks as assertions, over the integers: its invariants prove that no check fails, so C runs are integer runs (analysis/wrap-checks.ts)',
        },
      },
    };
  },
};

const trackedSums: ProgramTransform = {
  name: 'tracked sums',
  async apply(program, semantics, request) {
    if (!reachability(request.options) || request.encoder.needsOriginalLoops === true) return { kind: 'unchanged' };
    const tracked = trackSums(program);
    if (tracked === undefined) return { kind: 'unchanged' };
    return {
      kind: 'rewritten',
      program: tracked.program,
      header: tracked.notes.map((note) => `program pass: ${note}`),
      back: replayingBack(program, semantics, tracked.notes, {
        kind: 'lost',
        reason: 'sums are tracked through writes (program pass): the invariants are over its new variables',
      }),
    };
  },
};

const controlFlow: ProgramTransform = {
  name: 'control-flow forms',
  async apply(program, semantics, request) {
    const admission = admitControlFlow(request.encoder.name, request.encoder.controlFlow, program);
    if (admission.kind === 'refused')
      return { kind: 'refused', reason: unknownReason('unsupported', admission.message, admission.location) };
    if (admission.program === program) return { kind: 'unchanged' };
    return {
      kind: 'rewritten',
      program: admission.program,
      header: [
        `program pass: loop updates that may leave the loop (a do-while's test) or hold a loop moved into the loop's body (exact; ${request.encoder.name} does not read them in an update)`,
      ],
      back: replayingBack(program, semantics, [], {
        kind: 'lost',
        reason: "loop updates were moved into loop bodies (program pass): the invariants are at the new loops' heads",
      }),
    };
  },
};

/** the program passes between lowering and every encoder, in order (see the header) */
export const programTransforms: readonly ProgramTransform[] = [
  permutedReductions,
  chosenIndexWrites,
  cSemantics,
  trackedSums,
  controlFlow,
];

/** one applied rewrite: its input and how verdicts go back to it */
export interface AppliedTransform {
  readonly name: string;
  readonly input: Program;
  readonly back: BackTranslation;
}

export type TransformedProgram =
  | {
      readonly kind: 'ready';
      readonly program: Program;
      readonly semantics: Semantics;
      /** the rewrites in the order applied (the way back runs them in reverse) */
      readonly applied: readonly AppliedTransform[];
      readonly header: readonly string[];
      readonly details: Readonly<Record<string, unknown>>;
      /** some rewrite over-approximated the program: only a proof is wanted of the encoder */
      readonly proofOnly: boolean;
    }
  | { readonly kind: 'refused'; readonly reason: UnknownReason; readonly applied: readonly AppliedTransform[] };

/** Folds `transforms` over the program: what the encoder reads, or why it may not run. */
export async function applyTransforms(
  program: Program,
  request: TransformRequest,
  transforms: readonly ProgramTransform[] = programTransforms,
  options: { readonly withoutOverApproximations?: boolean } = {},
): Promise<TransformedProgram> {
  let current = program;
  let semantics = initialSemantics(request.options);
  const applied: AppliedTransform[] = [];
  const header: string[] = [];
  let details: Record<string, unknown> = {};
  let proofOnly = false;
  for (const transform of transforms) {
    const result = await transform.apply(current, semantics, request);
    // withoutOverApproximations: the program as it is, for a search whose counterexamples replay
    const step: TransformStep =
      result.kind === 'rewritten' && result.overApproximation === true && options.withoutOverApproximations === true
        ? { kind: 'unchanged' }
        : result;
    switch (step.kind) {
      case 'unchanged':
        break;
      case 'refused':
        return { kind: 'refused', reason: step.reason, applied };
      case 'rewritten':
        applied.push({ name: transform.name, input: current, back: step.back });
        header.push(...step.header);
        details = { ...details, ...step.details };
        current = step.program;
        semantics = step.semantics ?? semantics;
        proofOnly = proofOnly || step.overApproximation === true;
        break;
      default: {
        const never: never = step;
        throw new Error(`unknown transform step ${JSON.stringify(never)}`);
      }
    }
  }
  return { kind: 'ready', program: current, semantics, applied, header, details, proofOnly };
}
