// The `accel` encoding (Kroening et al., "Under-approximating Loops in C Programs for Fast Counterexample Detection"): the program with one extra branch per loop path (Fig. 2,
// right) that runs n >= 1 iterations of the path at once through its summary (summary.ts), checked
// by bmc with a small unwinding (default 3), deepened 1, 2, 4, … up to it (a smaller unwinding is
// much cheaper for the solver, and its unsat only sends the check deeper). A bug that needs
// thousands of iterations is then at depth 1 or 2: one accelerated stretch plus an ordinary iteration.
//
// This is an under-approximation: it never answers SAFE. A model is decoded into the havoc choices
// of the original program (an accelerated stretch repeats its havoc values n times, see
// symbolic/counterexample.ts) and replayed on the interpreter; only a failing assertion in the replay
// gives UNSAFE. If a replay does not fail and some summary was inexact (a variable without a closed
// form, ⊥) the check is repeated with the exact summaries only; otherwise the answer is UNKNOWN.
// Stretches are limited to `maximumStretch` (summary.ts) iterations so that every counterexample
// can be replayed. `--emit` plans the acceleration as solve does (its path and monotonicity questions
// asked to the solver) and writes every check solve may ask, in its order: per phase, the
// unwindings 1, 2, 4, … (NAME.accel-uD.smt2, NAME.accel-quantifier-free-uD.smt2, NAME.accel-exact-uD.smt2).

import { performance } from 'node:perf_hooks';
import type { LoopStatement, Program, Semantics, Statement } from '../../ir/types.js';
import { and, boolSort, equal, implies, intConstant, intSort, substituteTerm, type Term } from '../../smt/terms.js';
import type { Solver } from '../../solvers/solver.js';
import { unknownReason, unknownVerdict, type UnknownReason } from '../../verdict.js';
import { eliminateArrayWrites, RewriteStopped } from '../../smt/read-over-write.js';
import { createSmtScript, type SmtScript } from '../../smt/terms.js';
import { unrollProgram, type UnrolledProgram, type ExtraLoopPaths } from '../../symbolic/unroll.js';
import { counterexampleRequest } from '../../symbolic/counterexample.js';
import { rangeConstraint, scalarSort } from '../../symbolic/expressions.js';
import type { Path, SymbolicExecutor } from '../../symbolic/executor.js';
import type {
  EmitContext,
  EmitResult,
  EmittedArtefact,
  Encoder,
  EncoderContext,
  SolveOutcome,
} from '../../kernel/encoder.js';
import type { Budget } from '../../kernel/budget.js';
import { confirmModel } from '../../kernel/confirm.js';
import { OutcomeRecorder } from '../../kernel/outcome.js';
import { optionValue } from '../../kernel/options.js';
import { budgetSpent, solverUnknown } from '../../kernel/reasons.js';
import { stretchChoices } from './stretch-choices.js';
import { enumerateLoopPaths, formatLocation, syntacticLoopPaths, type PathEnumeration } from './paths.js';
import { containsQuantifier, summarisePath, type PathSummary } from './summary.js';
import { accelDeclaration, accelUnwindOption, showSummariesOption } from './declaration.js';
export { accelUnwindOption, showSummariesOption } from './declaration.js';

/** steps allowed for replaying an accelerated counterexample (about ten seconds of interpretation) */
const accelReplaySteps = 500_000_000;
const maximumPathsPerLoop = 8;

export interface AccelerationPlan {
  readonly summaries: ReadonlyMap<number, readonly PathSummary[]>;
  /** per loop: what was accelerated or why not; for --show-summaries */
  readonly report: readonly string[];
  readonly acceleratedPaths: number;
}

function collectLoops(block: readonly Statement[], into: LoopStatement[]): LoopStatement[] {
  for (const statement of block) {
    if (statement.kind === 'loop') {
      collectLoops(statement.body, into);
      collectLoops(statement.update, into);
      into.push(statement); // inner loops first
    } else if (statement.kind === 'if') {
      collectLoops(statement.then, into);
      collectLoops(statement.else, into);
    }
  }
  return into;
}

/** Paths and summaries of every loop; with a solver the paths are checked and quantifiers eliminated. */
export async function planAcceleration(
  program: Program,
  semantics: Semantics,
  solver: Solver | undefined,
  budget: Budget,
): Promise<AccelerationPlan> {
  const summaries = new Map<number, PathSummary[]>();
  const report: string[] = [];
  let acceleratedPaths = 0;
  for (const loop of collectLoops(program.body, [])) {
    const remaining = budget.remaining();
    // the first query also pays for loading the in-process solver: a second if the budget allows
    // (the solver itself is cut to the run's budget), never more than the budget has left
    const queryTimeout = Math.min(remaining, Math.max(1_000, Math.min(3_000, remaining / 4)));
    const enumeration: PathEnumeration =
      solver === undefined || remaining < 100
        ? syntacticLoopPaths(loop, maximumPathsPerLoop)
        : await enumerateLoopPaths(program, loop, {
            semantics,
            solver,
            timeoutMilliseconds: queryTimeout,
            maximumPaths: maximumPathsPerLoop,
          });
    if (enumeration.kind === 'notAcceleratable') {
      report.push(`loop at ${formatLocation(loop.location)}: not accelerated (${enumeration.reason})`);
      continue;
    }
    for (const rejected of enumeration.rejected)
      report.push(
        `loop at ${formatLocation(loop.location)}, path ${rejected.description}: not a candidate (${rejected.reason})`,
      );
    const loopSummaries: PathSummary[] = [];
    for (const [index, path] of enumeration.paths.entries()) {
      const result = await summarisePath(path, {
        program,
        semantics,
        solver: budget.expired() ? undefined : solver,
        queryTimeoutMilliseconds: Math.min(queryTimeout, budget.remaining()),
        tag: `accel${loop.id}.${index}`,
      });
      if (result.kind === 'rejected') {
        report.push(
          `loop at ${formatLocation(loop.location)}, path ${path.description}: not accelerated (${result.reason})`,
        );
        continue;
      }
      for (const summary of result.summaries) {
        loopSummaries.push(summary);
        report.push(...summary.report);
      }
    }
    if (loopSummaries.length > 0) summaries.set(loop.id, loopSummaries);
    acceleratedPaths += loopSummaries.length;
  }
  return { summaries, report, acceleratedPaths };
}

/** The bmc hook: at a loop head, a selector picks the body (0) or one accelerated stretch (1, 2, …). */
/** which summaries one check uses */
export type Phase = 'quantifierFree' | 'all' | 'exact';

function admits(phase: Phase, summary: PathSummary): boolean {
  switch (phase) {
    case 'quantifierFree':
      return summary.quantifierFree;
    case 'all':
      return true;
    case 'exact':
      return summary.exact;
    default: {
      const never: never = phase;
      throw new Error(`unknown phase ${String(never)}`);
    }
  }
}

export function accelerationHook(plan: AccelerationPlan, phase: Phase, semantics: Semantics): ExtraLoopPaths {
  return (loop: LoopStatement, entry: Path, executor: SymbolicExecutor) => {
    const candidates = (plan.summaries.get(loop.id) ?? []).filter((summary) => admits(phase, summary));
    if (candidates.length === 0)
      return { bodyGuard: { kind: 'boolConstant', value: true, sort: { kind: 'bool' } }, paths: [] };
    const selector = executor.fresh('accel.choice', intSort);
    const paths = candidates.map((summary, index) =>
      instantiate(summary, entry, executor, equal(selector, intConstant(index + 1)), semantics),
    );
    return { bodyGuard: equal(selector, intConstant(0n)), paths };
  };
}

function instantiate(
  summary: PathSummary,
  entry: Path,
  executor: SymbolicExecutor,
  chosen: Term,
  semantics: Semantics,
): Path {
  const replacements = new Map<string, Term>();
  for (const [id, template] of summary.initialScalars) replacements.set(template.name, entry.state.scalars.get(id)!);
  for (const [id, template] of summary.initialArrays) replacements.set(template.name, entry.state.arrays.get(id)!);
  const count = executor.fresh('accel.n', summary.count.sort);
  replacements.set(summary.count.name, count);
  const values = summary.havocs.map((havoc) => {
    const value = executor.fresh(`${havoc.variable.name}.havoc`, scalarSort(havoc.variable.type, semantics));
    executor.assume(rangeConstraint(value, havoc.variable.type, semantics));
    replacements.set(havoc.symbol.name, value);
    return { value, variable: havoc.variable };
  });
  for (const template of [...summary.undefinedScalars.values(), ...summary.quantifiedArrays.values()]) {
    replacements.set(template.name, executor.fresh(template.name.replace(/@.*/, '.accel'), template.sort));
  }
  // A quantified condition is asserted behind a fresh Boolean (q => condition) and the guard uses q:
  // solvers eliminate defined guards and then cannot evaluate a quantified formula in the model,
  // while q always has a value. q may be false although the condition holds: that only drops runs
  // of an under-approximation.
  const conditions = summary.conditions.map((condition) => {
    const term = substituteTerm(condition.term, replacements);
    if (!containsQuantifier(term)) return term;
    const holds = executor.fresh('accel.quantified', boolSort);
    executor.assume(implies(holds, term));
    return holds;
  });
  const guard = executor.guardTerm(and(entry.guard, chosen, ...conditions));
  executor.recordChoices(stretchChoices(guard, count, values));
  const scalars = new Map(entry.state.scalars);
  for (const [id, term] of summary.finalScalars)
    scalars.set(id, executor.define('accel', substituteTerm(term, replacements)));
  const arrays = new Map(entry.state.arrays);
  for (const [id, term] of summary.finalArrays)
    arrays.set(id, executor.define('accel', substituteTerm(term, replacements)));
  return { guard, state: { scalars, arrays } };
}

function header(program: Program, semantics: Semantics, unwind: number, plan: AccelerationPlan): string[] {
  return [
    `accel encoding of ${program.file} (${semantics} semantics, unwind ${unwind} of the accelerated program)`,
    'sat: a candidate counterexample that may take accelerated stretches (replay it on the program)',
    'unsat: no assertion fails within the unwinding of the accelerated program (this proves nothing)',
    'array summaries (lambdas) are reduced by read-over-write to reads of array constants',
    `accelerated paths: ${plan.acceleratedPaths}`,
    ...plan.report,
  ];
}

/**
 * The check as one script: array terms are reduced to reads of array constants (read-over-write,
 * exact), so the summaries' lambdas never reach the solver.
 */
function acceleratedScript(encoding: UnrolledProgram, headerComments: readonly string[], budget: Budget): SmtScript {
  // the reduction can grow exponentially with nested array merges: it stops with the budget
  const limits = { stop: () => budget.expired() };
  return createSmtScript({
    headerComments,
    logic: 'ALL',
    constants: encoding.executor.constants,
    functions: encoding.functions,
    assertions: [
      ...encoding.executor.definitions.map((term) => ({ term: eliminateArrayWrites(term, limits) })),
      { term: eliminateArrayWrites(encoding.property, limits), comment: 'goal' },
    ],
  });
}

/** the unwindings tried in turn: 1, 2, 4, … up to and including `unwind` */
export function deepeningSchedule(unwind: number): number[] {
  const depths: number[] = [];
  for (let depth = 1; depth < unwind; depth *= 2) depths.push(depth);
  depths.push(Math.max(0, unwind));
  return depths;
}

function buildAccelerated(
  program: Program,
  semantics: Semantics,
  unwind: number,
  plan: AccelerationPlan,
  phase: Phase,
): UnrolledProgram {
  return unrollProgram(program, unwind, semantics, {
    extraLoopPaths: accelerationHook(plan, phase, semantics),
    inlineArrays: true,
  });
}

/** the file of one check: `.accel-u2.smt2` for all summaries at unwinding 2, `.accel-exact-u2.smt2`, … */
function checkSuffix(phase: Phase, depth: number): string {
  const name = phase === 'all' ? '' : phase === 'quantifierFree' ? '-quantifier-free' : '-exact';
  return `.accel${name}-u${depth}.smt2`;
}

/** what one check is asked after (the order of solveAccel: phases in turn, each deepened 1, 2, 4, … up to the unwinding) */
function checkOrder(phase: Phase, depth: number, first: boolean): string[] {
  const summaries =
    phase === 'all'
      ? 'all the summaries'
      : phase === 'quantifierFree'
        ? 'the quantifier-free summaries only (asked first: fast for the solver)'
        : 'the exact summaries only (asked when a model of an earlier check did not replay and some summary is inexact)';
  return [
    `this check uses ${summaries}`,
    first
      ? 'asked first'
      : `asked when the check before it was unsat (a shallower unwinding) or, at the first unwinding ${depth} of its phase, when the checks of the phase before gave no replayed counterexample`,
  ];
}

/**
 * The checks solveAccel asks, in its order: per phase (quantifier-free summaries, all, exact ones),
 * the unwindings 1, 2, 4, … up to `--unwind`. The plan (paths and summaries) comes from the
 * solver's answers to its own questions, asked here as in the solve.
 */
async function emitAccel(program: Program, context: EmitContext): Promise<EmitResult> {
  const unwind = optionValue(context.options, accelUnwindOption);
  const semantics = context.options.semantics;
  const plan = await planAcceleration(program, semantics, context.solver, context.budget);
  const artefacts: EmittedArtefact[] = [];
  for (const phase of phasesOf(plan)) {
    for (const depth of deepeningSchedule(unwind)) {
      try {
        const script = acceleratedScript(
          buildAccelerated(program, semantics, depth, plan, phase),
          [...header(program, semantics, depth, plan), ...checkOrder(phase, depth, artefacts.length === 0)],
          context.budget,
        );
        artefacts.push({ suffix: checkSuffix(phase, depth), content: script });
      } catch (error) {
        if (!(error instanceof RewriteStopped)) throw error;
        return {
          kind: 'unsupported',
          reason: `accel: the formula at unwinding ${depth} could not be built within --timeout (read-over-write reduction); try a smaller --unwind`,
        };
      }
    }
  }
  return { kind: 'emitted', artefacts };
}

export const accelEncoder: Encoder = {
  ...accelDeclaration,
  emit: emitAccel,
  solve: solveAccel,
};

/** the phases of one run: quantifier-free summaries first (fast), then all, then the exact ones */
function phasesOf(plan: AccelerationPlan): Phase[] {
  const summaries = [...plan.summaries.values()].flat();
  return [
    ...(summaries.some((summary) => summary.quantifierFree) && summaries.some((summary) => !summary.quantifierFree)
      ? ['quantifierFree' as const]
      : []),
    'all',
    ...(summaries.some((summary) => !summary.exact) ? ['exact' as const] : []),
  ];
}

export async function solveAccel(program: Program, context: EncoderContext): Promise<SolveOutcome> {
  const { options, solver, budget } = context;
  const semantics = options.semantics;
  const recorder = new OutcomeRecorder({ showReport: optionValue(options, showSummariesOption) });
  const { times, details } = recorder;
  const plan = await recorder.timed('summarise', () =>
    planAcceleration(program, semantics, solver, budget.share(1 / 2)),
  );
  const unwind = optionValue(options, accelUnwindOption);
  Object.assign(details, { unwind, acceleratedPaths: plan.acceleratedPaths, summaries: plan.report });
  recorder.report.push(...plan.report);
  // with no accelerated path the check is plain bmc at the small unwinding: still worth running
  // Quantifier-free summaries first (fast for the solver), then all of them; if a replay fails and
  // some summary was inexact (⊥), the exact ones only. Each phase's unsat speaks only for its own
  // summaries, except the 'all' phase, after which nothing is left to try.
  const phases = phasesOf(plan);
  details.phases = phases;
  const depths = deepeningSchedule(unwind);
  details.depths = depths;
  let lastReason: UnknownReason | undefined;
  phases: for (const [position, phase] of phases.entries()) {
    if (budget.expired()) {
      return recorder.done({
        kind: 'unknown',
        reason:
          lastReason === undefined
            ? budgetSpent('accel')
            : { kind: 'timeout', message: `${lastReason.message}; then timeout` },
      });
    }
    // a phase before the last may use half of what is left
    const phaseBudget = position < phases.length - 1 ? budget.share(1 / 2) : budget;
    // Iterative deepening: most bugs need one accelerated stretch per loop, found at unwinding 1 in a
    // fraction of the time of unwinding 3; an unsat at a smaller unwinding only sends us deeper.
    for (const [step, depth] of depths.entries()) {
      if (phaseBudget.expired()) {
        lastReason = budgetSpent(
          'accel',
          `unwinding ${depth} (no counterexample up to unwinding ${depths[step - 1] ?? 0})`,
        );
        continue phases;
      }
      let start = performance.now();
      const encoding = buildAccelerated(program, semantics, depth, plan, phase);
      const request = counterexampleRequest(encoding.executor.havocs, encoding.executor.arrayHavocs, semantics);
      const key = `${phase}.${depth}`;
      let script: SmtScript;
      try {
        script = acceleratedScript(encoding, header(program, semantics, depth, plan), phaseBudget);
      } catch (error) {
        if (!(error instanceof RewriteStopped)) throw error;
        times[`encode.${key}`] = performance.now() - start;
        lastReason = budgetSpent('accel', `the formula at unwinding ${depth} was built (read-over-write reduction)`);
        continue phases;
      }
      times[`encode.${key}`] = performance.now() - start;
      start = performance.now();
      const result = await solver.checkScript(script, {
        timeoutMilliseconds: phaseBudget.solverTimeout(),
        valuesOf: request.terms,
      });
      times[`solve.${key}`] = performance.now() - start;
      switch (result.kind) {
        case 'unknown':
          // a deeper unwinding is harder still: go on with the next phase
          lastReason = solverUnknown(`accel: unwinding ${depth}`, result);
          continue phases;
        case 'unsat':
          if (depth < unwind) continue;
          if (phase === 'quantifierFree') {
            lastReason = unknownReason('resourceLimit', 'accel: no counterexample with the quantifier-free summaries');
            continue phases;
          }
          return recorder.done(
            unknownVerdict(
              'resourceLimit',
              `accel: no counterexample within ${unwind} unwindings of the accelerated program (an under-approximation proves nothing)`,
            ),
          );
        case 'sat': {
          start = performance.now();
          // a stretch may stand for up to 2^25 iterations: allow the replay that many more steps
          const confirmation = confirmModel(program, request, result.values ?? [], {
            semantics,
            budget,
            maximumSteps: accelReplaySteps,
          });
          times.replay = (times.replay ?? 0) + performance.now() - start;
          if (confirmation.kind === 'confirmed') {
            details.replayedChoices = confirmation.verdict.counterexample.scalars.length;
            details.foundAtUnwinding = depth;
            return recorder.done(confirmation.verdict);
          }
          lastReason = { ...confirmation.reason, message: `accel: ${confirmation.reason.message}` };
          continue phases;
        }
        default: {
          const never: never = result;
          throw new Error(`unknown solver result ${JSON.stringify(never)}`);
        }
      }
    }
  }
  return recorder.done({ kind: 'unknown', reason: lastReason ?? budgetSpent('accel') });
}
