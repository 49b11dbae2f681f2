// Decode → replay → verdict: the one place where a candidate counterexample becomes UNSAFE.
//
// A candidate is either a list of choices read from a model (`choices`), or a guided run that
// proposes inputs as the program asks for them (`guided`, shrink's replay when loops were
// abstracted). Either way the interpreter runs the ORIGINAL program; only a failed assertion gives
// UNSAFE, and its verdict carries the choices that run consumed, replayed once more exactly.
//
// Provenance: every UNSAFE verdict made here is recorded (with the program it was replayed on) in
// a registry private to this module; the guard (run-encoding.ts) lets an UNSAFE leave the kernel only if it
// is recorded for the same program. No other code can make an UNSAFE that passes the guard.
//
// Replays are bounded by the budget as well as by a step limit: what remains of the budget is
// turned into steps at a conservative rate of the generated-JavaScript interpreter (about 30-100
// million steps a second; we assume 50,000 a millisecond), with a floor so that short runs are
// always replayed. A replay stopped by that limit while time is left is run once more with the
// steps that time allows at the speed the first attempt showed (four fifths of it; the interpreter
// runs 300 million steps a second on some programs, six times the assumed rate, so a long
// counterexample found late in a slice was stopped with most of the slice unused). A replay stopped
// by the limit is UNKNOWN ('resourceLimit'), never UNSAFE; the limit changes when a replay stops,
// never what it computes. The step limit is a guess at the speed; what bounds the time is the
// deadline every replay (and a guided candidate's run) also gets: the budget's end, at least
// `minimumReplayMilliseconds` away (the floor of short runs). The interpreter reads the clock every
// 65,536 steps, so a replay ends near the deadline however loaded the machine; a replay stopped by
// it is UNKNOWN like one stopped by its step limit.

import { performance } from 'node:perf_hooks';
import { describeOutcome, replayCounterexample, type RunOutcome } from '../interp/interpreter.js';
import type { Program, Semantics, SourceLocation } from '../ir/types.js';
import type { ModelValue } from '../solvers/solver.js';
import { unknownReason, type Counterexample, type UnknownReason, type Verdict } from '../verdict.js';
import type { CounterexampleRequest } from '../symbolic/counterexample.js';
import type { Budget } from './budget.js';

export type UnsafeVerdict = Extract<Verdict, { kind: 'unsafe' }>;

/** the default step limit of one replay */
const defaultReplaySteps = 50_000_000;
/** steps per millisecond of budget assumed for the interpreter (conservative) */
const replayStepsPerMillisecond = 50_000;
/** a replay may always take this many steps, whatever the budget */
const minimumReplaySteps = 2_000_000;
/** a replay may always run this long, whatever the budget (as the floor of steps above) */
const minimumReplayMilliseconds = 100;
/** the share of the measured speed a second attempt counts on */
const measuredSpeedShare = 0.8;

export type Candidate =
  /** replay exactly these choices */
  | { readonly kind: 'choices'; readonly counterexample: Counterexample }
  /**
   * a run that proposes inputs itself (the extension point of shrink's guided replay); it must stop
   * by `maximumSteps` and soon after `deadline` (performance.now()'s time line)
   */
  | {
      readonly kind: 'guided';
      readonly run: (program: Program, maximumSteps: number, deadline: number) => RunOutcome;
    };

export interface ConfirmSettings {
  readonly semantics: Semantics;
  readonly budget: Budget;
  /** the encoder's own step limit (an accelerated stretch may stand for 2^25 iterations) */
  readonly maximumSteps?: number;
}

export type Confirmation =
  | { readonly kind: 'confirmed'; readonly verdict: UnsafeVerdict }
  | { readonly kind: 'refuted'; readonly reason: UnknownReason };

const confirmedVerdicts = new WeakMap<UnsafeVerdict, Program>();

/** whether `verdict` was made by `confirmCounterexample` on `program` */
export function isConfirmedOn(verdict: UnsafeVerdict, program: Program): boolean {
  return confirmedVerdicts.get(verdict) === program;
}

/** the encoder's step limit (`requested`) and the one this replay gets from what is left of the budget (`limit`) */
function replayStepLimit(settings: ConfirmSettings): { readonly requested: number; readonly limit: number } {
  const requested = settings.maximumSteps ?? defaultReplaySteps;
  const fromBudget = settings.budget.remaining() * replayStepsPerMillisecond;
  return {
    requested,
    limit: Math.floor(Math.max(Math.min(minimumReplaySteps, requested), Math.min(requested, fromBudget))),
  };
}

function refusal(outcome: RunOutcome, limit: number, requested: number): UnknownReason {
  if (outcome.kind === 'stepLimitReached') {
    if (outcome.byDeadline === true)
      return unknownReason(
        'timeout',
        `counterexample replay stopped after ${outcome.steps} steps at the end of the time budget`,
      );
    return limit < requested
      ? unknownReason(
          'resourceLimit',
          `counterexample replay stopped after ${limit} steps (what was left of the time budget)`,
        )
      : unknownReason('resourceLimit', `counterexample replay reached the step limit ${limit}`);
  }
  const location: SourceLocation | undefined = 'location' in outcome ? outcome.location : undefined;
  return unknownReason('noReplay', `counterexample did not replay: ${describeOutcome(outcome)}`, location);
}

function record(program: Program, location: SourceLocation, counterexample: Counterexample): Confirmation {
  const verdict: UnsafeVerdict = { kind: 'unsafe', counterexample, violatedAt: location };
  confirmedVerdicts.set(verdict, program);
  return { kind: 'confirmed', verdict };
}

/**
 * A run under the step limit; when the limit stopped it below the encoder's own and the budget
 * still has time, once more with the steps that time allows at the speed this run showed (see the
 * header). Returns the last outcome, the limit it ran under and the encoder's own limit.
 */
function runWithinBudget(
  run: (limit: number, deadline: number) => RunOutcome,
  settings: ConfirmSettings,
): { readonly outcome: RunOutcome; readonly limit: number; readonly requested: number } {
  const { limit, requested } = replayStepLimit(settings);
  const started = performance.now();
  const outcome = run(limit, settings.budget.interpreterDeadline(minimumReplayMilliseconds));
  if (outcome.kind !== 'stepLimitReached' || outcome.byDeadline === true) return { outcome, limit, requested };
  const second = secondAttemptSteps(limit, requested, performance.now() - started, settings.budget.remaining());
  if (second === undefined) return { outcome, limit, requested };
  return {
    outcome: run(second, settings.budget.interpreterDeadline(minimumReplayMilliseconds)),
    limit: second,
    requested,
  };
}

/**
 * The steps of a second attempt after a replay of `limit` steps took `elapsed` ms and stopped at
 * its limit: what `remaining` ms allow at four fifths of that speed, at most the encoder's own
 * limit; none when that is not at least twice the first (or the first already had the encoder's).
 */
export function secondAttemptSteps(
  limit: number,
  requested: number,
  elapsed: number,
  remaining: number,
): number | undefined {
  if (limit >= requested || elapsed <= 0 || remaining <= 0) return undefined;
  const second = Math.min(requested, Math.floor(remaining * (limit / elapsed) * measuredSpeedShare));
  return second >= 2 * limit ? second : undefined;
}

/** Replays a candidate on the original program; UNSAFE only when an assertion fails there. */
export function confirmCounterexample(program: Program, candidate: Candidate, settings: ConfirmSettings): Confirmation {
  switch (candidate.kind) {
    case 'choices': {
      const { outcome, limit, requested } = runWithinBudget(
        (steps, deadline) =>
          replayCounterexample(program, candidate.counterexample, settings.semantics, steps, deadline),
        settings,
      );
      if (outcome.kind !== 'assertionFailed') return { kind: 'refuted', reason: refusal(outcome, limit, requested) };
      return record(program, outcome.location, outcome.consumed);
    }
    case 'guided': {
      const { outcome, limit, requested } = runWithinBudget(
        (steps, deadline) => candidate.run(program, steps, deadline),
        settings,
      );
      if (outcome.kind !== 'assertionFailed') return { kind: 'refuted', reason: refusal(outcome, limit, requested) };
      // the guided source proposed the inputs; the verdict rests on an exact replay of what was consumed
      const deadline = settings.budget.interpreterDeadline(minimumReplayMilliseconds);
      const exact = replayCounterexample(program, outcome.consumed, settings.semantics, limit, deadline);
      if (exact.kind !== 'assertionFailed') return { kind: 'refuted', reason: refusal(exact, limit, requested) };
      return record(program, exact.location, exact.consumed);
    }
    default: {
      const never: never = candidate;
      throw new Error(`unknown candidate ${JSON.stringify(never)}`);
    }
  }
}

/** Reads the choices from a model's values (`request`), then confirms them as above. */
export function confirmModel(
  program: Program,
  request: CounterexampleRequest,
  values: readonly ModelValue[],
  settings: ConfirmSettings,
): Confirmation {
  const decoded = request.decode(values);
  if ('kind' in decoded)
    return {
      kind: 'refuted',
      reason: unknownReason('noReplay', `counterexample could not be read: ${decoded.reason}`),
    };
  return confirmCounterexample(program, { kind: 'choices', counterexample: decoded }, settings);
}
