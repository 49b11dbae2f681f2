// The portfolio's certificate step (issue 41): a SAFE whose deciding stage gave no checked
// certificate (kernel/certify.ts) gets one asked of the certifiers after the verdict, with the time
// that is left, in turn: the template certifier (template-certifier.ts: guessed invariants, their
// inductive subset), witness (with loops kept and no loop-free query: Spacer's model of the
// array-free clauses, carried back as ∀-invariants), then chc (Spacer's model of the program's Horn
// clauses). Each is checked by the independent checker as any
// certificate is (each run goes through the kernel: runEncoding, its transforms, its contract and
// certify.ts).
//
// Verdicts: the step makes none. A SAFE stays SAFE whatever chc answers (no model, a timeout, a
// model the solvers leave unchecked), with two exceptions, both as elsewhere in the kernel:
// - a certificate refuted by a solver (a clause the invariants do not satisfy; not a witness
//   candidate, which is then none, certify.ts): the SAFE becomes UNKNOWN (imprecise) naming the
//   clause, as a refuted certificate does in run-encoding.ts: the program's clauses, a solver or the
//   checker is wrong on this very program, and nothing of that is trusted;
// - a certifier answers UNSAFE (a counterexample the kernel replayed): the runs are handed back, and
//   the portfolio's `disagreement` makes that an internal error, never a verdict.
// `--require-certificate` (cli/certificate.ts) is what turns a SAFE without a checked one into UNKNOWN.
//
// Time: the step ends by `end = min(max(deadline, now + floor), deadline + grace)`: the budget
// that is left, at least `certificateFloorMilliseconds` when the SAFE came late, and never more
// than `certificateGraceMilliseconds` past the portfolio's deadline, so that the process still ends
// within a second of --timeout (the watchdog's grace, cli/main.ts). Of that span, the runs (each a
// share of what is left when it starts: `CertifierRun.share`, the last one the rest) solve in all
// but a reserve, which their check gets at least (RunSettings.minimumCheckMilliseconds), so a model
// found at the last moment is still checked before `end`. A run of the deciding encoding itself is
// skipped when its own run already gave a certificate (checked or not): it would find the same.
//
// Lanes: where the solver's calls run at the same time (the portfolio's two lanes), the runs with a
// `shareBeside` (the template certifier with most of the span, then the unrolling certifier) run in one
// lane beside the others, which take their shares in turn in a second lane; the first checked or
// refuted certificate (or an UNSAFE) aborts the other lane. The unrolling certifier comes after the
// template certifier, not beside it: where both would certify, the template certifier's invariants
// (ranges, ∀ over cells) say more to a person and become a correctness witness's C expressions, the
// unrolled states (an alternative per visit, over values no C name holds) mostly do not. The template
// certifier spends most of its time waiting for its solver's answers to
// many small questions, and needs seconds where it certifies late (Houdini over a hundred guesses,
// then the fitted ones); in turn it had half the span, and the step ran out of time on a third of
// the families' SAFE verdicts.

import { performance } from 'node:perf_hooks';
import { describeCertificate, type CertificateStatus } from '../kernel/certify.js';
import type { Encoder } from '../kernel/encoder.js';
import { minimumUsefulMilliseconds } from '../kernel/budget.js';
import type { RequestOptions } from '../kernel/options.js';
import type { RunMemory } from '../kernel/run-memory.js';
import { runEncoding, type EncodingRun } from '../kernel/run-encoding.js';
import type { RunRecord } from '../kernel/run-record.js';
import type { Program } from '../ir/types.js';
import type { Solver } from '../solvers/solver.js';
import { describeReason, unknownReason, type Verdict } from '../verdict.js';

/** the least time the step gets, even when the SAFE came at the end of the budget */
export const certificateFloorMilliseconds = 2_000;
/** how far past the portfolio's deadline the step (and any stage's check) may run */
export const certificateGraceMilliseconds = 750;
/** the most of the step's span kept for the check of a model found at the last moment */
const checkReserveMilliseconds = 1_000;

/** one run of a certifying encoding: its stage name, options, and share of the step's time */
export interface CertifierRun {
  readonly encoder: Encoder;
  readonly name: string;
  readonly options: RequestOptions;
  /** the fraction of what is left of the step when it starts (the last run gets the rest) */
  readonly share: number;
  /**
   * where the solver's calls run at the same time: given for the runs of the first lane (in their
   * order, beside the others), their share there instead of `share`
   */
  readonly shareBeside?: number;
}

export interface CertificateRequest {
  /** the deciding stage's name and the certificate its run gave (undefined: the run had none) */
  readonly decidedBy: string;
  readonly decidedCertificate: CertificateStatus | undefined;
  /** the deciding stage's encoding */
  readonly decidedEncoder: string;
  readonly runs: readonly CertifierRun[];
  readonly program: Program;
  readonly solver: Solver;
  /** the portfolio's deadline, on performance.now()'s time line */
  readonly deadline: number;
  /** 2: the first certifier runs beside the others (the solver's calls run at the same time); 1: in turn */
  readonly lanes: 1 | 2;
  /** what the portfolio's run keeps across its runs (RunSettings.memory) */
  readonly memory?: RunMemory;
  readonly record?: RunRecord;
}

/** one run of the step, shaped as a portfolio attempt */
export interface CertificateAttempt {
  readonly encoding: string;
  readonly verdict: Verdict;
  readonly milliseconds: number;
  readonly run: EncodingRun;
}

export interface PortfolioCertificate {
  readonly status: CertificateStatus;
  /** the stage whose run gave the certificate (the deciding one, or the certifier asked after it) */
  readonly from: string;
  /** whether the certificate step asked for it (`from` is then not the deciding stage) */
  readonly asked: boolean;
  /** the step's runs, in order (empty when nothing was asked) */
  readonly attempts: readonly CertificateAttempt[];
  /** the step's time: the certifier's runs, their checks included */
  readonly milliseconds: number;
}

export interface CertificateStepResult {
  readonly certificate: PortfolioCertificate;
  /** the SAFE, or UNKNOWN when the certificate asked for was refuted (see the header) */
  readonly verdict: Verdict;
}

/** The certificate of a SAFE of `decidedBy`: its own when checked, else one asked of the certifier. */
export async function certifySafe(safe: Verdict, request: CertificateRequest): Promise<CertificateStepResult> {
  const own = request.decidedCertificate;
  const kept = (status: CertificateStatus): CertificateStepResult => ({
    certificate: { status, from: request.decidedBy, asked: false, attempts: [], milliseconds: 0 },
    verdict: safe,
  });
  if (own?.kind === 'checked') return kept(own);
  const ownReason =
    own === undefined
      ? `${request.decidedBy} gives no certificate`
      : own.kind === 'none'
        ? own.reason
        : `${request.decidedBy}'s is ${describeCertificate(own)}`;
  const runs = request.runs.filter(
    (planned) => planned.encoder.name !== request.decidedEncoder || own === undefined || own.kind === 'none',
  );
  if (runs.length === 0) return kept(own ?? { kind: 'none', reason: ownReason });
  const started = performance.now();
  const end = Math.min(
    Math.max(request.deadline, started + certificateFloorMilliseconds),
    request.deadline + certificateGraceMilliseconds,
  );
  const reserve = Math.min(checkReserveMilliseconds, (end - started) / 4);
  const attempts: CertificateAttempt[] = [];
  const reasons: string[] = [ownReason];
  let found: { status: CertificateStatus; from: string } | undefined;
  // a checked or refuted certificate, or an UNSAFE, ends the step (the other lane aborted)
  const settled = new AbortController();
  const runLane = async (lane: readonly CertifierRun[], twoLanes: boolean): Promise<void> => {
    for (const [index, planned] of lane.entries()) {
      if (settled.signal.aborted) return;
      const left = end - performance.now() - reserve;
      const share = twoLanes ? (planned.shareBeside ?? planned.share) : planned.share;
      const slice = index === lane.length - 1 ? left : left * share;
      if (slice < minimumUsefulMilliseconds) {
        reasons.push(`no time left to ask ${planned.name}`);
        return;
      }
      const runStarted = performance.now();
      const run = await runEncoding(planned.encoder, request.program, planned.options, request.solver, {
        timeoutMilliseconds: slice,
        signal: settled.signal,
        stageName: `${planned.name} (certificate)`,
        minimumCheckMilliseconds: reserve,
        proofOnly: true,
        ...(request.memory === undefined ? {} : { memory: request.memory }),
        ...(request.record === undefined ? {} : { record: request.record }),
      });
      attempts.push({
        encoding: planned.name,
        verdict: run.verdict,
        milliseconds: performance.now() - runStarted,
        run,
      });
      if (run.verdict.kind === 'unsafe') {
        settled.abort();
        return;
      }
      const status = run.certificate;
      if (status !== undefined && status.kind !== 'none') {
        if (found === undefined || rank(status) > rank(found.status)) found = { status, from: planned.name };
        if (status.kind === 'unchecked') continue;
        settled.abort();
        return;
      }
      if (!settled.signal.aborted) reasons.push(`${planned.name}: ${certifierOutcome(run, planned.encoder.name)}`);
    }
  };
  // two lanes where the solver's calls run at the same time: the runs with a `shareBeside` (the template
  // certifier: many small questions, mostly waiting for its solver; then the unrolling) beside the
  // others in turn (none marked: the first run); else all in turn
  const marked = runs.filter((planned) => planned.shareBeside !== undefined);
  const first = marked.length > 0 ? marked : runs.slice(0, 1);
  const others = runs.filter((planned) => !first.includes(planned));
  if (request.lanes === 2 && first.length > 0 && others.length > 0)
    await Promise.all([runLane(first, true), runLane(others, true)]);
  else await runLane(runs, false);
  const milliseconds = performance.now() - started;
  const status: CertificateStatus =
    found?.status ?? (own !== undefined && own.kind !== 'none' ? own : { kind: 'none', reason: reasons.join('; ') });
  const from = found?.from ?? request.decidedBy;
  return {
    certificate: { status, from, asked: from !== request.decidedBy, attempts, milliseconds },
    verdict:
      status.kind === 'failed'
        ? {
            kind: 'unknown',
            reason: unknownReason(
              'imprecise',
              `${request.decidedBy} answered SAFE, but the certificate ${from} gave for it ${describeCertificate(status)}`,
            ),
          }
        : safe,
  };
}

/** which of two certificates stands: a refuted one (the SAFE is in doubt) over a checked one over an unchecked one */
function rank(status: CertificateStatus): number {
  switch (status.kind) {
    case 'failed':
      return 3;
    case 'checked':
      return 2;
    case 'unchecked':
      return 1;
    case 'none':
      return 0;
    default: {
      const never: never = status;
      throw new Error(`unknown certificate status ${JSON.stringify(never)}`);
    }
  }
}

/** why a run of the certifier gave no certificate, for people (its reason without its name in front) */
function certifierOutcome(run: EncodingRun, name: string): string {
  switch (run.verdict.kind) {
    case 'unknown': {
      const reason = describeReason(run.verdict.reason);
      return reason.startsWith(`${name}: `) ? reason.slice(name.length + 2) : reason;
    }
    case 'safe':
      return run.certificate?.kind === 'none' ? run.certificate.reason : 'SAFE without a certificate';
    case 'unsafe':
      return 'UNSAFE';
    default: {
      const never: never = run.verdict;
      throw new Error(`unknown verdict ${JSON.stringify(never)}`);
    }
  }
}
