// The portfolio behind `encode verify` (and `encode prog.c` without --encoding): every registered
// encoding in turn under one time budget, the cheapest decisive ones first; the first definite
// verdict wins and ends the run.
//
// The order and the time slices are one table (`schedule`). A slice is a fraction of the time that
// remains when the stage starts, so a stage that gives up early (unsupported input, an encoding
// that does not apply) leaves its time to the next ones, and the last stage gets all that is left.
// Encodings registered but not in the table (a new encoder folder) run before the last stage with a
// default slice: the portfolio reads the registry, not a list of its own.
//
// Stages of the lane `alone` run first, one after the other, with nothing else running. Then, with
// a solver whose calls run at the same time (external processes; z3-wasm with two modules, where
// the machine has two cores), the stages run in two lanes (the table's `lane`), one per core: each
// lane takes its stages in order under the whole budget, and the first definite verdict of either
// lane aborts the other (Budget's abort signal: an external process is killed, a wasm call
// interrupted). With a solver whose calls run one at a time there is one lane, the table's order.
//
// After a SAFE, the certificate step (certificate.ts): the deciding stage's certificate when the
// checker confirmed it, else, when the settings ask (`askCertificate`, as `encode verify` does),
// one asked of chc with the time left.
//
// Soundness: every stage runs through the kernel (runEncoding: its own budget, the contract check,
// UNSAFE only after a replay on the interpreter), so the portfolio's verdict is a verdict one
// encoding is allowed to give. Two definite verdicts that disagree (possible with two lanes) are an
// internal error, never a verdict.

import { performance } from 'node:perf_hooks';
import { ghostNarrowAccumulators } from '../analysis/narrow-accumulators.js';
import { insertWrapChecks } from '../analysis/wrap-checks.js';
import { expressionsOf, forEachStatement, forEachSubexpression } from '../ir/visit.js';
import type { Encoder } from '../kernel/encoder.js';
import { encoders } from '../encoders/index.js';
import { loopFreeFirstOption, loopsOption } from '../encoders/witness/declaration.js';
import { templateCertifier, templateProver } from './template-certifier.js';
import { unrollingCertifier } from './unrolling-certifier.js';
import { Budget, minimumUsefulMilliseconds } from '../kernel/budget.js';
import {
  certificateGraceMilliseconds,
  certifySafe,
  type CertifierRun,
  type PortfolioCertificate,
} from './certificate.js';
import { largestConstantTripCount } from '../analysis/constant-trip-counts.js';
import { RunMemory } from '../kernel/run-memory.js';
import { InternalError, runEncoding, type EncodingRun } from '../kernel/run-encoding.js';
import type { RequestOptions } from '../kernel/options.js';
import type { RunRecord } from '../kernel/run-record.js';
import type { Program, VerdictSemantics } from '../ir/types.js';
import { propertyDefinition } from '../svcomp/properties.js';
import type { Solver } from '../solvers/solver.js';
import { describeReason, unknownReason, type UnknownKind, type Verdict } from '../verdict.js';

export type Lane = 0 | 1 | 'alone';

export interface ScheduleEntry {
  readonly encoding: string;
  /** the fraction of the remaining time (of its lane) this stage may use */
  readonly share: number;
  /**
   * the lane when two run at once: 0 bmc, viap and chc, 1 induct and the others; `alone`: before
   * the lanes start, with nothing else running (runs' concrete runs keep the JavaScript thread busy
   * for their whole slice, which would take it from the encodings of the other lane)
   */
  readonly lane: Lane;
  /** why it stands here, for people (measurements in the closing note of the portfolio issue) */
  readonly why: string;
  /** what the stage becomes for a program that may wrap or uses bitwise operators (default: itself) */
  readonly wrapAround?: WrapAroundStages;
  /** the stage's name in attempts and `decidedBy`, where the encoding runs twice (default: the encoding's) */
  readonly label?: string;
  /** option values of this stage (the encoder's declared options), where the command line sets none */
  readonly settings?: Readonly<Record<string, unknown>>;
  /** the programs the stage runs on (default: every program) */
  readonly onlyFor?: ProgramCondition;
}

/** which programs a stage runs on, for people (`why`) and for the portfolio */
export interface ProgramCondition {
  readonly description: string;
  readonly holds: (program: Program) => boolean;
}

/**
 * loops with constant bounds, one of them beyond bmc's first unwinding, and no loop body that runs more
 * than 1024 times in all (nests count their product: the unrolling of a 100 × 100 × 100 nest is
 * JavaScript work that would hold the thread the other lane's encodings need)
 */
export const constantBoundsBeyondUnwind: ProgramCondition = {
  description:
    'every loop has a constant number of iterations; the most a loop body runs in all is between 11 and 1024',
  holds: (program) => {
    const largest = largestConstantTripCount(program);
    return largest !== undefined && largest > 10 && largest <= 1024;
  },
};

/**
 * The stages of one table entry for a program with operations that may wrap (`c` semantics):
 * - `asked`: the stage as it is;
 * - `bitPrecise`: the stage in `bv` instead (exact for C, so a bug past a wrap is found);
 * - `alsoBitPrecise`: the stage, then the same in `bv`;
 * - `alsoExactWraps`: the stage, then the same on the program with wrap-around written exactly;
 * - `alsoExactNarrowSums`: as `alsoExactWraps`, for a program that narrow-accumulators.ts rewrites
 *   (narrow accumulators or conversions read modulo 2^w) only, else the stage alone;
 * - `halfThenBitPrecise`: the stage with half its share, then the same in `bv` with what is left.
 */
export type WrapAroundStages =
  'asked' | 'bitPrecise' | 'alsoBitPrecise' | 'alsoExactWraps' | 'alsoExactNarrowSums' | 'halfThenBitPrecise';

/** the order and slices; the last entry gets what remains */
export const schedule: readonly ScheduleEntry[] = [
  {
    encoding: 'runs',
    share: 0.15,
    lane: 'alone',
    why: 'concrete runs with seeded inputs: bugs behind loops of large constant bounds (a fill of 10^6 cells, then a check that fails at once: 7 million steps) that no unrolling reaches; milliseconds where the program ends quickly, at most 15 % of the budget where its loops are long',
  },
  {
    encoding: 'bmc',
    share: 0.08,
    lane: 0,
    why: 'shallow bugs in well under a second (most buggy programs fail within 10 unrollings)',
    wrapAround: 'bitPrecise',
  },
  {
    encoding: 'viap',
    share: 0.35,
    lane: 0,
    why: 'the strongest prover of programs with a symbolic size (closed forms, induction); it also searches for bugs when its proof fails; where values may wrap, again on the program with wrap-around written exactly (sums that wrap alike on both sides of a comparison)',
    wrapAround: 'alsoExactWraps',
  },
  {
    encoding: 'bmc',
    label: 'bmc deepened',
    settings: { unwind: 20, deepen: true },
    onlyFor: constantBoundsBeyondUnwind,
    share: 0.4,
    lane: 1,
    why: 'bugs and complete unrollings behind constant bounds beyond 10 (a fold over 64 cells whose second half starts one cell late, found at unwind 80): the unwinding doubled from 20 while its slice allows; only where every loop has a constant bound and no loop body runs more than 1024 times in all (14 of the families, 7 of the corpus, none of bench/symbolic; not the 100 × 100 × 100 reversal of arrays-3d, whose unrolling held the JavaScript thread viap needed in the other lane), first in the lane of induct (which proves none of those programs), so that lane 0 (viap, chc) keeps its time: or-rotate-by-s-unsafe needs 2 to 3 s at unwind 20 in bv (twenty `%` of a nondeterministic value), which the slice after induct did not leave',
    wrapAround: 'bitPrecise',
  },
  {
    encoding: 'induct',
    share: 0.3,
    lane: 1,
    why: 'induction on the size N: proves sums over nondeterministic contents that viap leaves open; first in the other lane, so that it runs beside viap (each answers in about a second where it proves, and viap spends its whole slice where it does not); where char or short accumulators may wrap, again on the program with wrap-around written exactly (narrow sums modulo 2^w that wrap back: induct stops at the check of the wrap otherwise)',
    wrapAround: 'alsoExactNarrowSums',
  },
  {
    encoding: 'templates',
    share: 0.25,
    lane: 1,
    why: "guessed invariants (the program text's, then fitted to concrete runs: a nest's iteration count among them), their inductive subset found by Houdini on the program's exact Horn clauses: a proof when it implies every assertion (counters over 3-D nests whose sum is the iteration count); about 1 to 2 s where it proves (the unsigned-3d counts: 1.0 to 1.9 s on a quiet machine); a quarter of what is left after induct: where it proves nothing it spends its whole slice, which the stages after it need (accel's replay of array-tiling/mlceu.c's counterexample, given steps by what is left of its slice, no longer finishes: that task was UNSAFE in 7.2 s before this stage, UNKNOWN with it at a half, a third and a quarter)",
  },
  {
    encoding: 'witness',
    share: 0.3,
    lane: 1,
    why: 'quantified array properties with one distinguished cell; where values may wrap, again in bv (a program safe because C wraps, a countdown past 0, is proven bit-precisely in milliseconds)',
    wrapAround: 'alsoBitPrecise',
  },
  { encoding: 'shrink', share: 0.3, lane: 1, why: 'min/max and copy loops that shrink to a few iterations' },
  {
    encoding: 'labmc',
    share: 0.25,
    lane: 1,
    why: 'counters that branch and reset, asserted inside the loop, under bounds up to 10^9 (bench/counters: 10 of 10 SAFE in 0.1 s each); gives up on loops that write arrays',
  },
  { encoding: 'accel', share: 0.35, lane: 1, why: 'deep bugs behind large constant bounds (accelerated loop paths)' },
  {
    encoding: 'chc',
    share: 1,
    lane: 0,
    why: 'Spacer on the whole program: exact, with the time that is left; where values may wrap, half of it, then Spacer in bv',
    wrapAround: 'halfThenBitPrecise',
  },
];

/** the registry's encodings and the template prover (template-certifier.ts), which only the portfolio runs */
export const portfolioEncoders: ReadonlyMap<string, Encoder> = new Map([
  ...encoders,
  [templateProver.name, templateProver],
]);

/** the slice of an encoding that the table does not list */
export const defaultShare = 0.3;

export interface Stage {
  readonly encoder: Encoder;
  readonly share: number;
  readonly lane: Lane;
  /** the semantics of this stage, when not the asked one (`bv` stages of a program that may wrap) */
  readonly semantics?: VerdictSemantics;
  /** a stage of the program with unsigned wrap-around written exactly (RequestOptions.exactWraps) */
  readonly exactWraps?: boolean;
  /** what the stage becomes for a program that may wrap (its table entry's `wrapAround`) */
  readonly wrapAround?: WrapAroundStages;
  /** its table entry's `label` */
  readonly label?: string;
  /** its table entry's `settings` */
  readonly settings?: Readonly<Record<string, unknown>>;
  /** its table entry's `onlyFor` */
  readonly onlyFor?: ProgramCondition;
}

/** the table's stages for the registered encodings, the unlisted ones (lane 1) inserted before the last */
export function portfolioStages(
  registry: ReadonlyMap<string, Encoder> = portfolioEncoders,
  table: readonly ScheduleEntry[] = schedule,
): Stage[] {
  const listed = table
    .filter((entry) => registry.has(entry.encoding))
    .map((entry): Stage => ({
      encoder: registry.get(entry.encoding)!,
      share: entry.share,
      lane: entry.lane,
      ...(entry.wrapAround === undefined ? {} : { wrapAround: entry.wrapAround }),
      ...(entry.label === undefined ? {} : { label: entry.label }),
      ...(entry.settings === undefined ? {} : { settings: entry.settings }),
      ...(entry.onlyFor === undefined ? {} : { onlyFor: entry.onlyFor }),
    }));
  const names = new Set(table.map((entry) => entry.encoding));
  const unlisted = [...registry.values()]
    .filter((encoder) => !names.has(encoder.name))
    .map((encoder): Stage => ({ encoder, share: defaultShare, lane: 1 }));
  if (listed.length === 0) return unlisted;
  return [...listed.slice(0, -1), ...unlisted, listed[listed.length - 1]!];
}

/** the stages that run alone first, then the rest split by lane (order kept), or all in one lane */
export function portfolioLanes(
  stages: readonly Stage[],
  lanes: 1 | 2,
): { readonly alone: Stage[]; readonly lanes: Stage[][] } {
  const alone = stages.filter((stage) => stage.lane === 'alone');
  const rest = stages.filter((stage) => stage.lane !== 'alone');
  if (lanes === 1) return { alone, lanes: [rest] };
  return {
    alone,
    lanes: [rest.filter((stage) => stage.lane === 0), rest.filter((stage) => stage.lane === 1)].filter(
      (lane) => lane.length > 0,
    ),
  };
}

export interface PortfolioAttempt {
  readonly encoding: string;
  readonly verdict: Verdict;
  readonly milliseconds: number;
  readonly run: EncodingRun | undefined;
}

export interface PortfolioRun {
  readonly verdict: Verdict;
  /** the encoding whose verdict it is (undefined for UNKNOWN) */
  readonly decidedBy: string | undefined;
  readonly attempts: readonly PortfolioAttempt[];
  readonly solver: string;
  readonly milliseconds: number;
  /** with a SAFE (and with the UNKNOWN a refuted certificate made of one): its certificate (certificate.ts) */
  readonly certificate?: PortfolioCertificate;
}

export interface PortfolioSettings {
  readonly timeoutMilliseconds: number;
  /** the stages (default: every registered encoding, in the table's order) */
  readonly stages?: readonly Stage[];
  /** 2: two lanes at once (default when the solver's calls run concurrently), 1: one after the other */
  readonly lanes?: 1 | 2;
  /** the command's running record: every stage is entered as it starts and ends (kernel/run-record.ts) */
  readonly record?: RunRecord;
  /**
   * after a SAFE whose deciding stage gave no checked certificate, ask `certifier` for one with the
   * time left (certificate.ts); `encode verify` does, the default is not to
   */
  readonly askCertificate?: boolean;
  /** the encodings asked for certificates, in order (default: the template certifier, witness, chc) */
  readonly certifiers?: readonly Encoder[];
}

/** Throws InternalError when two definite verdicts disagree: one of the encodings is unsound. */
export function disagreement(attempts: readonly PortfolioAttempt[]): void {
  const safe = attempts.find((attempt) => attempt.verdict.kind === 'safe');
  const unsafe = attempts.find((attempt) => attempt.verdict.kind === 'unsafe');
  if (safe !== undefined && unsafe !== undefined) {
    throw new InternalError(
      `the encodings disagree: ${safe.encoding} answered SAFE and ${unsafe.encoding} UNSAFE (a replayed counterexample): ${safe.encoding} is unsound here`,
    );
  }
}

/**
 * The stages for a program with operations that may wrap (in `c` semantics): bmc, the search for
 * shallow bugs, runs in `bv` (exact for C), so that a bug that lies past a wrap-around is found,
 * where the encodings that compute in `int` stop at the wrap's check; and witness and chc run in
 * `bv` too, after their runs in `c`.
 */
export function stagesForWrapAround(stages: readonly Stage[], narrowSums = false): Stage[] {
  return stages.flatMap((stage): Stage[] => {
    const variant = stage.wrapAround ?? 'asked';
    switch (variant) {
      case 'asked':
        return [stage];
      case 'bitPrecise':
        return [{ ...stage, semantics: 'bv' }];
      case 'alsoBitPrecise':
        return [stage, { ...stage, semantics: 'bv' }];
      case 'alsoExactWraps':
        return [stage, { ...stage, exactWraps: true }];
      case 'alsoExactNarrowSums':
        return narrowSums ? [stage, { ...stage, exactWraps: true }] : [stage];
      case 'halfThenBitPrecise':
        return [
          { ...stage, share: stage.share / 2 },
          { ...stage, semantics: 'bv' },
        ];
      default: {
        const never: never = variant;
        throw new Error(`unknown wrap-around stages ${JSON.stringify(never)}`);
      }
    }
  });
}

const bitwiseOperators: ReadonlySet<string> = new Set([
  'bitwiseAnd',
  'bitwiseOr',
  'bitwiseXor',
  'shiftLeft',
  'shiftRight',
  'bitwiseNot',
]);

/** whether some expression of the program applies a bitwise operator */
export function usesBitwiseOperators(program: Program): boolean {
  let found = false;
  forEachStatement(program.body, (statement) => {
    for (const expression of expressionsOf(statement)) {
      forEachSubexpression(expression, (node) => {
        if ((node.kind === 'binary' || node.kind === 'unary') && bitwiseOperators.has(node.operator)) found = true;
      });
    }
  });
  return found;
}

/** the name of a stage in attempts and `decidedBy`: the encoding, and its semantics when the stage sets one */
function stageName(stage: Stage): string {
  const name = stage.label ?? stage.encoder.name;
  if (stage.exactWraps === true) return `${name} (exact wraps)`;
  return stage.semantics === undefined ? name : `${name} (${stage.semantics})`;
}

/** the stage's option values under the command line's (a value given there wins) */
function stageSettings(stage: Stage, options: RequestOptions): RequestOptions['settings'] {
  if (stage.settings === undefined) return options.settings;
  return new Map([...Object.entries(stage.settings), ...options.settings]);
}

export async function runPortfolio(
  program: Program,
  options: RequestOptions,
  solver: Solver,
  settings: PortfolioSettings,
): Promise<PortfolioRun> {
  const started = performance.now();
  const stop = new AbortController();
  const budget = Budget.start(settings.timeoutMilliseconds, undefined, stop.signal);
  // what this verification keeps across its stages and certificate step (kernel/run-memory.ts)
  const memory = new RunMemory();
  // (for no-overflow every stage stays in `c`: bit-vectors do not see a signed overflow)
  // bitwise operators on two unknown operands have no exact reading over the integers (an
  // uninterpreted value there): such a program gets the bit-precise stages too, like one that may wrap
  const mayWrap =
    options.semantics === 'c' &&
    propertyDefinition(options.property).bitPreciseStages &&
    (insertWrapChecks(program).sites.length > 0 || usesBitwiseOperators(program));
  const stages =
    settings.stages ??
    (mayWrap
      ? stagesForWrapAround(portfolioStages(), ghostNarrowAccumulators(program) !== program)
      : portfolioStages());
  const applicable = stages.filter((stage) => stage.onlyFor === undefined || stage.onlyFor.holds(program));
  const laneCount = settings.lanes ?? (solver.concurrent === true ? 2 : 1);
  const lanes = portfolioLanes(applicable, laneCount);
  const attempts: PortfolioAttempt[] = [];
  let decided: PortfolioAttempt | undefined;
  let decidedStage: Stage | undefined;
  const runLane = async (stages: readonly Stage[]): Promise<void> => {
    for (const [index, stage] of stages.entries()) {
      if (budget.expired()) return;
      const last = index === stages.length - 1 && stage.lane !== 'alone';
      const slice = last ? budget.remaining() : budget.remaining() * stage.share;
      if (slice < minimumUsefulMilliseconds) continue;
      const stageStarted = performance.now();
      const stageOptions: RequestOptions = {
        ...options,
        settings: stageSettings(stage, options),
        semantics: stage.semantics ?? options.semantics,
        ...(stage.exactWraps === true ? { exactWraps: true } : {}),
      };
      const name = stageName(stage);
      const run = await runEncoding(stage.encoder, program, stageOptions, solver, {
        timeoutMilliseconds: Math.min(slice, budget.remaining()),
        signal: stop.signal,
        stageName: name,
        minimumCheckMilliseconds: certificateGraceMilliseconds,
        memory,
        ...(settings.record === undefined ? {} : { record: settings.record }),
      });
      const attempt: PortfolioAttempt = {
        encoding: name,
        verdict: run.verdict,
        milliseconds: performance.now() - stageStarted,
        run,
      };
      attempts.push(attempt);
      if (run.verdict.kind !== 'unknown') {
        if (decided === undefined) {
          decided = attempt;
          decidedStage = stage;
        }
        stop.abort();
        return;
      }
    }
  };
  await runLane(lanes.alone);
  if (decided === undefined) await Promise.all(lanes.lanes.map(runLane));
  disagreement(attempts);
  if (decided !== undefined && decidedStage !== undefined) {
    const certifiers = settings.certifiers ?? [
      templateCertifier,
      unrollingCertifier,
      ...['witness', 'chc'].flatMap((name) => {
        const encoder = encoders.get(name);
        return encoder === undefined ? [] : [encoder];
      }),
    ];
    const step =
      decided.verdict.kind === 'safe'
        ? await certifySafe(decided.verdict, {
            decidedBy: decided.encoding,
            decidedCertificate: decided.run?.certificate,
            decidedEncoder: decidedStage.encoder.name,
            runs: settings.askCertificate === true ? certifierRuns(decidedStage, options, certifiers) : [],
            program,
            solver,
            deadline: budget.deadline,
            lanes: laneCount,
            memory,
            ...(settings.record === undefined ? {} : { record: settings.record }),
          })
        : undefined;
    // a certifier's UNSAFE beside the SAFE is a disagreement like any other
    if (step !== undefined) disagreement([...attempts, ...step.certificate.attempts]);
    return {
      verdict: step?.verdict ?? decided.verdict,
      decidedBy: decided.encoding,
      attempts,
      solver: solver.name,
      milliseconds: performance.now() - started,
      ...(step === undefined ? {} : { certificate: step.certificate }),
    };
  }
  const milliseconds = performance.now() - started;
  return {
    verdict: combinedUnknown(attempts.filter((attempt) => attempt.verdict.kind === 'unknown')),
    decidedBy: undefined,
    attempts,
    solver: solver.name,
    milliseconds,
  };
}

/** of what is left when it starts, the share of a certifier's run that is not the last (chc: the last) */
const certifierShares: ReadonlyMap<string, number> = new Map([
  [templateCertifier.name, 0.5],
  [unrollingCertifier.name, 0.4],
  ['witness', 0.4],
]);

/**
 * the certifiers that run beside the others where the solver's calls run at the same time
 * (portfolio/certificate.ts), with their share there: the template certifier most of the span, then
 * the unrolling certifier the rest
 */
const certifierSharesBeside: ReadonlyMap<string, number> = new Map([
  [templateCertifier.name, 0.8],
  [unrollingCertifier.name, 0.4],
]);

/** the certifiers asked in both semantics after a bit-precise stage of a `c` request (c first), with the share of each run */
const bothSemanticsShares: ReadonlyMap<string, number> = new Map([
  [unrollingCertifier.name, 0.4],
  ['chc', 0.5],
]);

/**
 * The certifiers' runs after a SAFE of `decided`, each certifier in turn: in the deciding stage's
 * semantics (with its exact wraps); after a bit-precise stage of a `c` request, first in `c` (the
 * program with its wrap checks, over the integers: far easier for Spacer), then in `bv`, as chc's own
 * stages (the other certifiers only in the first). Witness runs with loops kept and no loop-free
 * query first (its SAFE from that query has no invariants).
 */
function certifierRuns(decided: Stage, options: RequestOptions, certifiers: readonly Encoder[]): CertifierRun[] {
  const semantics = decided.semantics ?? options.semantics;
  const runs: CertifierRun[] = [];
  for (const certifier of certifiers) {
    const stage: Stage = {
      encoder: certifier,
      share: certifierShares.get(certifier.name) ?? 1,
      lane: 0,
      ...(decided.exactWraps === true ? { exactWraps: true } : {}),
    };
    const twoSemantics = semantics === 'bv' && options.semantics === 'c';
    const bothShare = bothSemanticsShares.get(certifier.name);
    const stages: Stage[] = !twoSemantics
      ? [{ ...stage, ...(decided.semantics === undefined ? {} : { semantics: decided.semantics }) }]
      : bothShare === undefined
        ? [stage]
        : [
            { ...stage, share: bothShare },
            { ...stage, share: bothShare, semantics: 'bv' },
          ];
    const settings =
      certifier.name === 'witness'
        ? new Map<string, unknown>([...options.settings, [loopsOption.name, 'kept'], [loopFreeFirstOption.name, 'no']])
        : options.settings;
    const shareBeside = certifierSharesBeside.get(certifier.name);
    for (const planned of stages)
      runs.push({
        encoder: certifier,
        name: stageName(planned),
        share: planned.share,
        ...(shareBeside === undefined ? {} : { shareBeside }),
        options: {
          ...options,
          settings,
          semantics: planned.semantics ?? options.semantics,
          ...(planned.exactWraps === true ? { exactWraps: true } : {}),
        },
      });
  }
  return runs;
}

/** UNKNOWN with every stage's reason; unsupported when every stage said so, timeout when one ran out of time */
function combinedUnknown(attempts: readonly PortfolioAttempt[]): Verdict {
  const reasons = attempts.flatMap((attempt) => (attempt.verdict.kind === 'unknown' ? [attempt.verdict.reason] : []));
  if (reasons.length === 0)
    return {
      kind: 'unknown',
      reason: unknownReason('timeout', 'portfolio: no encoding could start within the time budget'),
    };
  const kinds = new Set<UnknownKind>(reasons.map((reason) => reason.kind));
  const kind: UnknownKind = kinds.size === 1 ? reasons[0]!.kind : kinds.has('timeout') ? 'timeout' : 'imprecise';
  const message = `portfolio: ${attempts.map((attempt) => `${attempt.encoding}: ${attempt.verdict.kind === 'unknown' ? describeReason(attempt.verdict.reason) : attempt.verdict.kind}`).join('; ')}`;
  return {
    kind: 'unknown',
    reason: unknownReason(kind, message, reasons.find((reason) => reason.location !== undefined)?.location),
  };
}
