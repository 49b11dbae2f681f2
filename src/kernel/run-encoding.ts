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
// The encoder runs within its budget (budget-check.ts): a phase between solver calls that finds
// the budget spent throws `BudgetExhausted`, and the run is UNKNOWN (timeout) naming that phase,
// with the phase times recorded so far. A run is entered in the command's running record
// (run-record.ts) when it starts and when it ends.

import { performance } from 'node:perf_hooks';
import { budgetScope, BudgetExhausted, runInScope, type BudgetScope } from '../budget-check.js';
import type { Program, Semantics } from '../ir/types.js';
import type { Solver } from '../solvers/solver.js';
import { unknownVerdict, type PhaseTimes, type UnknownKind, type Verdict } from '../verdict.js';
import type { EmitResult, Encoder, EncoderContext, SolveOutcome } from './encoder.js';
import { Budget, type Clock } from './budget.js';
import { budgetedSolver, type SolverCallStatistics } from './budgeted-solver.js';
import { prepareProgram, semanticsHeader } from './c-semantics.js';
import { confirmCounterexample, isConfirmedOn } from './confirm.js';
import { admitControlFlow } from './control-flow.js';
import { trackSums } from '../analysis/tracked-sums.js';
import { copyPermutedReductions } from './permuted-reductions.js';
import type { EncodingOptions, RequestOptions } from './options.js';
import type { RunRecord } from './run-record.js';

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
}

export interface EncodingRun extends SolveOutcome {
  /** the solver that answered */
  readonly solver: string;
  readonly solverCalls: Readonly<SolverCallStatistics>;
}

const unknownKinds: ReadonlySet<UnknownKind> = new Set<UnknownKind>(['timeout', 'solverUnknown', 'unsupported', 'imprecise', 'noReplay', 'resourceLimit']);

function canProveSafe(encoder: Encoder, options: EncodingOptions): boolean {
  if (encoder.approximation === 'under') return false;
  return encoder.canProveSafe === undefined ? true : encoder.canProveSafe(options);
}

/** Throws `ContractBreach` when `verdict` is outside what `encoder` may answer on `program`. */
export function checkContract(encoder: Encoder, program: Program, options: EncodingOptions, verdict: Verdict): void {
  switch (verdict.kind) {
    case 'safe':
      if (!canProveSafe(encoder, options)) {
        throw new ContractBreach(`${encoder.name} (${encoder.approximation}) answered SAFE, which its approximation does not allow here`);
      }
      return;
    case 'unsafe':
      if (!isConfirmedOn(verdict, program)) {
        throw new ContractBreach(`${encoder.name} answered UNSAFE without a counterexample replayed on the program by the kernel`);
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
  encoder: Encoder, program: Program, options: RequestOptions, solver: Solver, settings: RunSettings,
): Promise<EncodingRun> {
  const budget = Budget.start(settings.timeoutMilliseconds, settings.clock, settings.signal);
  const limited = budgetedSolver(solver, budget);
  const scope = budgetScope(budget);
  const stage = settings.record?.start(settings.stageName ?? encoder.name, scope);
  const started = performance.now();
  // a transformation proven exact by the solver (C's semantics unless mathematical integers are asked)
  const exactIn: Semantics = options.semantics === 'int' ? 'int' : 'bv';
  // the program rewrites below keep reachability of the assertions, which is all they are used for
  const reachability = (options.property ?? 'unreach-call') === 'unreach-call';
  const rewritten = reachability ? await copyPermutedReductions(program, exactIn, limited, budget) : undefined;
  const prepared = prepareProgram(rewritten?.program ?? program, options.semantics, options.property, options.exactWraps === true);
  const encoderOptions: EncodingOptions = { semantics: prepared.semantics, settings: options.settings };
  const context: EncoderContext = { options: encoderOptions, budget, solver: limited };
  // sums carried through writes at unpredictable indices: exact in the semantics the encoder computes in
  const tracked = reachability ? trackSums(prepared.program) : undefined;
  const target = tracked?.program ?? prepared.program;
  // the control-flow forms the encoder declares it models (update exits moved into bodies where exact), else UNKNOWN
  const admission = admitControlFlow(encoder.name, encoder.controlFlow, target);
  const solved = admission.kind === 'refused'
    ? { verdict: unknownVerdict('unsupported', admission.message, admission.location), times: {}, details: { controlFlowRefused: admission.message } }
    : await runInScope(scope, () => solveWithinBudget(encoder, admission.program, context, scope));
  // the moved update exits are exact in every semantics: an UNSAFE is replayed once more on the program before the move
  const onTarget = admission.kind === 'admitted' && admission.program !== target ? backOnOriginal(encoder, target, encoderOptions, [], solved, budget) : solved;
  const outcome = tracked === undefined ? onTarget : backOnOriginal(encoder, prepared.program, encoderOptions, tracked.notes, onTarget, budget);
  const finished = finishRun(encoder, prepared, encoderOptions, outcome, budget, started);
  const run = rewritten === undefined ? finished : backOnOriginal(encoder, program, { semantics: exactIn, settings: options.settings }, rewritten.notes, finished, budget);
  if (stage !== undefined) settings.record?.end(stage, run.verdict);
  return { ...run, solver: solver.name, solverCalls: { ...limited.statistics } };
}

/**
 * A verdict on a rewritten program (permuted-reductions.ts, analysis/tracked-sums.ts) as one on the
 * program: SAFE says what the rewrite rests on (`notes`); an UNSAFE is replayed once more on the
 * program itself, in the semantics the rewrite is exact in (`exact`), else it is UNKNOWN.
 */
function backOnOriginal(encoder: Encoder, program: Program, exact: EncodingOptions, notes: readonly string[], run: SolveOutcome, budget: Budget): SolveOutcome {
  const verdict = run.verdict;
  switch (verdict.kind) {
    case 'unknown':
      return run;
    case 'safe':
      return { ...run, verdict: { ...verdict, assumptions: [...verdict.assumptions, ...notes] } };
    case 'unsafe': {
      const confirmation = confirmCounterexample(program, { kind: 'choices', counterexample: verdict.counterexample }, { semantics: exact.semantics, budget });
      if (confirmation.kind !== 'confirmed') return { ...run, verdict: { kind: 'unknown', reason: confirmation.reason } };
      checkContract(encoder, program, exact, confirmation.verdict);
      return { ...run, verdict: confirmation.verdict };
    }
    default: {
      const never: never = verdict;
      throw new ContractBreach(`${encoder.name} answered an unknown verdict ${JSON.stringify(never)}`);
    }
  }
}

/** the encoder's outcome, or UNKNOWN (timeout) naming the phase where the budget ran out */
async function solveWithinBudget(encoder: Encoder, program: Program, context: EncoderContext, scope: BudgetScope): Promise<SolveOutcome> {
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

/** the contract checked on the encoder's verdict, then (c semantics) on the verdict about C */
function finishRun(
  encoder: Encoder, prepared: ReturnType<typeof prepareProgram>, encoderOptions: EncodingOptions, outcome: SolveOutcome, budget: Budget, started: number,
): SolveOutcome {
  checkContract(encoder, prepared.program, encoderOptions, outcome.verdict);
  const verdict = prepared.finish(outcome.verdict, budget);
  if (verdict !== outcome.verdict) checkContract(encoder, prepared.confirmedOn, encoderOptions, verdict);
  const times: PhaseTimes = { ...outcome.times, encoding: performance.now() - started };
  const details = prepared.sites.length === 0 ? outcome.details : { ...outcome.details, wrapChecks: prepared.sites.length };
  return { ...outcome, verdict, details, times };
}

/**
 * The artefacts of one encoding in the asked semantics: in `c`, those of the program with wrap
 * checks (what the encoder would solve), each with a header that says what its answers mean for C.
 */
export async function emitEncoding(
  encoder: Encoder, program: Program, options: RequestOptions, solver: Solver | undefined, budget: Budget,
): Promise<EmitResult> {
  const prepared = prepareProgram(program, options.semantics, options.property, options.exactWraps === true);
  const admission = admitControlFlow(encoder.name, encoder.controlFlow, prepared.program);
  if (admission.kind === 'refused') return { kind: 'unsupported', reason: `${admission.location.line}:${admission.location.column}: ${admission.message}` };
  const emitted = await encoder.emit(admission.program, { options: { semantics: prepared.semantics, settings: options.settings }, budget, solver });
  if (emitted.kind === 'unsupported') return emitted;
  const header = semanticsHeader(options.semantics, prepared.sites, options.property);
  return {
    kind: 'emitted',
    artefacts: emitted.artefacts.map((artefact) => ({ ...artefact, content: { ...artefact.content, headerComments: [...artefact.content.headerComments, ...header] } })),
  };
}
