// The one entry point that runs an encoding: `runEncoding` starts the budget, hands the encoder a
// solver cut to it, and checks the verdict against the soundness contract of src/verdict.ts before
// it leaves:
// - SAFE only from an encoding whose approximation allows it (never from an under-approximation;
//   from a bounded one only where `canProveSafe` says so for these options);
// - UNSAFE only if the kernel's replay made it on this very program (confirm.ts);
// - UNKNOWN with a typed reason.
// A breach is a bug of ours: `ContractBreach` (an `InternalError`), which the CLI reports as an
// internal error with exit code 70, never as a verdict.
//
// Between the program and the encoder run the program passes of transforms.ts (permuted reductions,
// C's semantics with wrap checks, tracked sums, the control-flow forms the encoder models), the same
// list `emitEncoding` folds; the verdict goes back through each pass's translation, last pass first,
// and the contract is checked again after each step on that pass's input.
//
// An encoder that accepts an over-approximated program (transforms.ts) and declares
// `searchBeforeOverApproximation` gets first a shallow counterexample search on the program passed
// through the list without the over-approximating pass: a counterexample found there is replayed by
// the search and goes back through that list's translations, as any UNSAFE does through its own.
//
// After a SAFE, the certificate the encoder handed back is checked (certify.ts) on the program the
// encoder got, and the run carries what became of it (`certificate`); a certificate that a solver
// refutes turns the SAFE into UNKNOWN (imprecise), naming the clause, and so does, for a claim that
// requires the check (the template prover's), a certificate that is not confirmed. An encoder may
// offer one more claim after a refutation (`retryCertificate`: chc asks Spacer again without its
// slicing); that claim is checked as the first, and the SAFE stands only if the checker confirms it.
//
// The encoder runs within its budget (budget-check.ts): a phase between solver calls that finds
// the budget spent throws `BudgetExhausted`, and the run is UNKNOWN (timeout) naming that phase,
// with the phase times recorded so far. A run is entered in the command's running record
// (run-record.ts) when it starts and when it ends.

import { performance } from 'node:perf_hooks';
import { budgetScope, BudgetExhausted, runInScope, type BudgetScope } from '../budget-check.js';
import type { Program } from '../ir/types.js';
import type { CertificateClaim } from '../certificates/certificate.js';
import type { Solver } from '../solvers/solver.js';
import { unknownVerdict, type UnknownKind, type Verdict } from '../verdict.js';
import type { EmitResult, Encoder, EncoderContext, SolveOutcome } from './encoder.js';
import { Budget, type Clock } from './budget.js';
import { budgetedSolver, type SolverCallStatistics } from './budgeted-solver.js';
import { certify, describeCertificate, type CertificateStatus, type CertifyRequest } from './certify.js';
import { isConfirmedOn } from './confirm.js';
import { applyTransforms, type AppliedTransform } from './transforms.js';
import { searchCounterexample, type CounterexampleSearchResult } from './search.js';
import type { EncodingOptions, RequestOptions } from './options.js';
import type { RunRecord } from './run-record.js';
import type { RunMemory } from './run-memory.js';

/** a bug in encode (exit 70), as opposed to a property of the input */
export class InternalError extends Error {
  override readonly name: string = 'InternalError';
}

/** a verdict that breaks the soundness contract */
export class ContractBreach extends InternalError {
  override readonly name = 'ContractBreach';
}

export interface RunSettings {
  /** the whole budget of the run (front end excluded), in milliseconds */
  readonly timeoutMilliseconds: number;
  readonly clock?: Clock;
  /** aborted: the run's budget ends at once (see Budget) */
  readonly signal?: AbortSignal;
  /** the command's running record: the run is entered as a stage (see run-record.ts) */
  readonly record?: RunRecord;
  /** the stage's name in the record (default: the encoder's name) */
  readonly stageName?: string;
  /** the least time a SAFE's certificate check gets past the budget (default: certify.ts's) */
  readonly minimumCheckMilliseconds?: number;
  /** only a proof is wanted (EncoderContext.proofOnly): the portfolio's certificate step */
  readonly proofOnly?: boolean;
  /** what one verification keeps across its runs (run-memory.ts): the passes' answers, encodings' slots */
  readonly memory?: RunMemory;
}

export interface EncodingRun extends SolveOutcome {
  /** the solver that answered */
  readonly solver: string;
  readonly solverCalls: Readonly<SolverCallStatistics>;
  /** with a SAFE (and with the UNKNOWN a refuted certificate made of one): what became of its certificate */
  readonly certificate?: CertificateStatus;
}

const unknownKinds: ReadonlySet<UnknownKind> = new Set<UnknownKind>([
  'timeout',
  'solverUnknown',
  'unsupported',
  'imprecise',
  'noReplay',
  'resourceLimit',
]);

function canProveSafe(encoder: Encoder, options: EncodingOptions): boolean {
  if (encoder.approximation === 'under') return false;
  return encoder.canProveSafe === undefined ? true : encoder.canProveSafe(options);
}

/** Throws `ContractBreach` when `verdict` is outside what `encoder` may answer on `program`. */
export function checkContract(encoder: Encoder, program: Program, options: EncodingOptions, verdict: Verdict): void {
  switch (verdict.kind) {
    case 'safe':
      if (!canProveSafe(encoder, options)) {
        throw new ContractBreach(
          `${encoder.name} (${encoder.approximation}) answered SAFE, which its approximation does not allow here`,
        );
      }
      return;
    case 'unsafe':
      if (!isConfirmedOn(verdict, program)) {
        throw new ContractBreach(
          `${encoder.name} answered UNSAFE without a counterexample replayed on the program by the kernel`,
        );
      }
      return;
    case 'unknown':
      if (typeof verdict.reason !== 'object' || !unknownKinds.has(verdict.reason.kind)) {
        throw new ContractBreach(`${encoder.name} answered UNKNOWN without a typed reason`);
      }
      return;
    default: {
      const never: never = verdict;
      throw new ContractBreach(`${encoder.name} answered an unknown verdict ${JSON.stringify(never)}`);
    }
  }
}

/**
 * Runs one encoding under one budget and lets its verdict out only through the contract check. In
 * `c` semantics the encoder computes in `int` on the program with wrap checks, and its verdict is
 * turned into one about the C program (kernel/c-semantics.ts) before the contract is checked again,
 * on the original program: an UNSAFE leaves only after a replay there in C (`bv`) semantics.
 */
export async function runEncoding(
  encoder: Encoder,
  program: Program,
  options: RequestOptions,
  solver: Solver,
  settings: RunSettings,
): Promise<EncodingRun> {
  const budget = Budget.start(settings.timeoutMilliseconds, settings.clock, settings.signal);
  const limited = budgetedSolver(solver, budget);
  const scope = budgetScope(budget);
  const stage = settings.record?.start(settings.stageName ?? encoder.name, scope);
  const started = performance.now();
  // the program passes (transforms.ts), the same list --emit folds
  const transformed = await applyTransforms(program, {
    options,
    encoder,
    solver: limited,
    budget,
    ...(settings.memory === undefined ? {} : { answers: settings.memory.passAnswers }),
  });
  let outcome: SolveOutcome;
  let applied = transformed.applied;
  if (transformed.kind === 'refused') {
    outcome = {
      verdict: { kind: 'unknown', reason: transformed.reason },
      times: {},
      details: { refused: transformed.reason.message },
    };
  } else {
    const before = await searchBeforeOverApproximation(encoder, program, options, transformed.proofOnly, settings, {
      solver: limited,
      budget,
      scope,
    });
    if (before.kind === 'found') {
      outcome = before.outcome;
      applied = before.applied;
    } else {
      const encoderOptions: EncodingOptions = { semantics: transformed.semantics, settings: options.settings };
      const context: EncoderContext = {
        options: encoderOptions,
        budget,
        solver: limited,
        ...(settings.proofOnly === true || transformed.proofOnly ? { proofOnly: true } : {}),
        ...(settings.memory === undefined ? {} : { memory: settings.memory }),
      };
      const solved = await runInScope(scope, () => solveWithinBudget(encoder, transformed.program, context, scope));
      checkContract(encoder, transformed.program, encoderOptions, solved.verdict);
      const searched = before.milliseconds === undefined ? {} : { [searchBeforeStage]: before.milliseconds };
      outcome = {
        ...solved,
        times: { ...searched, ...solved.times },
        details: { ...solved.details, ...transformed.details },
      };
    }
  }
  // the way back, last pass first: each step's verdict is checked on that pass's input
  for (const step of [...applied].reverse()) {
    const verdict = step.back.verdict(outcome.verdict, budget);
    if (verdict !== outcome.verdict)
      checkContract(
        encoder,
        step.back.confirmedOn,
        { semantics: step.back.semantics, settings: options.settings },
        verdict,
      );
    outcome = { ...outcome, verdict };
  }
  let certificate: CertificateStatus | undefined;
  if (outcome.verdict.kind === 'safe' && transformed.kind === 'ready') {
    const checkStarted = performance.now();
    const request: CertifyRequest = {
      encoderName: encoder.name,
      claim: outcome.certificateClaim,
      program: transformed.program,
      semantics: transformed.semantics,
      applied: transformed.applied,
      solver,
      budget,
      ...(settings.minimumCheckMilliseconds === undefined
        ? {}
        : { minimumCheckMilliseconds: settings.minimumCheckMilliseconds }),
    };
    certificate = await certify(request);
    let claim = outcome.certificateClaim;
    const retried = await retriedCertificate(outcome, certificate, request, scope);
    if (retried !== undefined) {
      outcome = { ...outcome, details: { ...outcome.details, certificateRetry: retried.outcome } };
      if (retried.kind === 'checked') {
        claim = retried.claim;
        certificate = retried.certificate;
      }
    }
    outcome = {
      ...outcome,
      ...(claim === undefined ? {} : { certificateClaim: claim }),
      verdict: trustedSafe(claim, certificate) ? outcome.verdict : refutedSafe(encoder.name, certificate),
      times: { ...outcome.times, certificateCheck: performance.now() - checkStarted },
    };
  }
  const run: SolveOutcome = { ...outcome, times: { ...outcome.times, encoding: performance.now() - started } };
  if (stage !== undefined) settings.record?.end(stage, run.verdict);
  return {
    ...run,
    solver: solver.name,
    solverCalls: { ...limited.statistics },
    ...(certificate === undefined ? {} : { certificate }),
  };
}

/**
 * The shallow search before an over-approximation (see the header): where the transforms
 * over-approximated the program for an encoder that declares a share for it, and a proof alone
 * was not asked for, the search on the program folded without the over-approximating pass; its
 * UNSAFE (replayed there by the search) with that fold's translations, or undefined (nothing found,
 * or no such search).
 */
async function searchBeforeOverApproximation(
  encoder: Encoder,
  program: Program,
  options: RequestOptions,
  overApproximated: boolean,
  settings: RunSettings,
  run: { readonly solver: Solver; readonly budget: Budget; readonly scope: BudgetScope },
): Promise<
  | { readonly kind: 'found'; readonly outcome: SolveOutcome; readonly applied: readonly AppliedTransform[] }
  | { readonly kind: 'notFound'; readonly milliseconds: number | undefined }
> {
  const share = encoder.searchBeforeOverApproximation;
  if (!overApproximated || share === undefined || settings.proofOnly === true)
    return { kind: 'notFound', milliseconds: undefined };
  const started = performance.now();
  const notFound = () => ({ kind: 'notFound' as const, milliseconds: performance.now() - started });
  const exact = await applyTransforms(
    program,
    {
      options,
      encoder,
      solver: run.solver,
      budget: run.budget,
      ...(settings.memory === undefined ? {} : { answers: settings.memory.passAnswers }),
    },
    undefined,
    {
      withoutOverApproximations: true,
    },
  );
  if (exact.kind !== 'ready') return notFound();
  let search: CounterexampleSearchResult;
  try {
    search = await runInScope(run.scope, () =>
      searchCounterexample(exact.program, exact.semantics, run.solver, run.budget.share(share)),
    );
  } catch (error) {
    if (error instanceof BudgetExhausted) return notFound();
    throw error;
  }
  if (search.kind !== 'found') return notFound();
  checkContract(encoder, exact.program, { semantics: exact.semantics, settings: options.settings }, search.verdict);
  return {
    kind: 'found',
    outcome: {
      verdict: search.verdict,
      times: { [searchBeforeStage]: performance.now() - started },
      details: { counterexampleUnwind: search.unwind, searchedWithoutOverApproximation: true },
    },
    applied: exact.applied,
  };
}

/** the stage time of that search (--json) */
const searchBeforeStage = 'counterexampleSearchBeforeOverApproximation';

/**
 * whether a SAFE stands after its certificate step: not when a solver refuted the certificate, nor,
 * for a claim that requires the check (CertificateClaim.checkRequired), when it was not confirmed
 */
function trustedSafe(claim: CertificateClaim | undefined, certificate: CertificateStatus): boolean {
  if (certificate.kind === 'failed') return false;
  return certificate.kind === 'checked' || claim?.kind !== 'model' || claim.checkRequired !== true;
}

/**
 * After a refuted certificate, the encoder's second claim (`retryCertificate`) and what the checker
 * made of it; undefined when there was no refutation, no retry, or the run was stopped. The
 * second claim replaces the first only when the checker confirms it (`outcome` 'checked').
 */
async function retriedCertificate(
  outcome: SolveOutcome,
  first: CertificateStatus,
  request: CertifyRequest,
  scope: BudgetScope,
): Promise<
  | {
      readonly kind: 'checked';
      readonly outcome: string;
      readonly claim: CertificateClaim;
      readonly certificate: CertificateStatus;
    }
  | { readonly kind: 'not'; readonly outcome: string }
  | undefined
> {
  if (first.kind !== 'failed' || outcome.retryCertificate === undefined) return undefined;
  if (request.budget.signal?.aborted === true) return undefined;
  let claim: CertificateClaim | undefined;
  try {
    claim = await runInScope(scope, outcome.retryCertificate);
  } catch (error) {
    if (!(error instanceof BudgetExhausted)) throw error;
    return { kind: 'not', outcome: `no time left (${error.phase})` };
  }
  if (claim === undefined) return { kind: 'not', outcome: 'no second model' };
  if (claim.kind === 'none') return { kind: 'not', outcome: claim.reason };
  const certificate = await certify({ ...request, claim });
  if (certificate.kind !== 'checked') return { kind: 'not', outcome: describeCertificate(certificate) };
  return { kind: 'checked', outcome: 'checked', claim, certificate };
}

/** a SAFE whose certificate a solver refuted, or one that needed its certificate confirmed and did not get it */
function refutedSafe(encoderName: string, certificate: CertificateStatus): Verdict {
  return unknownVerdict(
    certificate.kind === 'unchecked' ? 'timeout' : 'imprecise',
    `${encoderName} answered SAFE, but its certificate ${describeCertificate(certificate)}`,
  );
}

/** the encoder's outcome, or UNKNOWN (timeout) naming the phase where the budget ran out */
async function solveWithinBudget(
  encoder: Encoder,
  program: Program,
  context: EncoderContext,
  scope: BudgetScope,
): Promise<SolveOutcome> {
  try {
    return await encoder.solve(program, context);
  } catch (error) {
    if (!(error instanceof BudgetExhausted)) throw error;
    return {
      verdict: unknownVerdict('timeout', `${encoder.name}: timeout during ${error.phase}`),
      times: { ...scope.times },
      details: { budgetExhaustedIn: error.phase },
    };
  }
}

/**
 * The artefacts of one encoding: those of the program the same passes give (transforms.ts; in `c`,
 * the program with wrap checks), each with a header that says what the passes did and what its
 * answers mean for C. A pass that asks a solver (permuted reductions) runs only when one is given.
 */
export async function emitEncoding(
  encoder: Encoder,
  program: Program,
  options: RequestOptions,
  solver: Solver | undefined,
  budget: Budget,
): Promise<EmitResult> {
  const transformed = await applyTransforms(program, { options, encoder, solver, budget });
  if (transformed.kind === 'refused') {
    const location = transformed.reason.location;
    return {
      kind: 'unsupported',
      reason:
        location === undefined
          ? transformed.reason.message
          : `${location.line}:${location.column}: ${transformed.reason.message}`,
    };
  }
  const emitted = await encoder.emit(transformed.program, {
    options: { semantics: transformed.semantics, settings: options.settings },
    budget,
    solver: encoder.emitUsesSolver ? solver : undefined,
  });
  if (emitted.kind === 'unsupported') return emitted;
  return {
    kind: 'emitted',
    artefacts: emitted.artefacts.map((artefact) => ({
      ...artefact,
      content: { ...artefact.content, headerComments: [...artefact.content.headerComments, ...transformed.header] },
    })),
  };
}
