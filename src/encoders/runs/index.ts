// Concrete runs: the program run on the interpreter, its nondeterministic choices drawn from seeded
// pseudo-random sources, first from small domains (sizes, counters and cell values that meet the
// usual assumptions), then from the edges of the narrow integer types (255, 256, 65536, ...: a
// cast to unsigned char wraps only in runs that long), then from the whole range of each type. Nothing is encoded and no solver is
// asked; this is the search for bugs that lie behind loops with large constant bounds (a fill of
// 10^6 cells, then a check that fails at its first cell), which no unrolling of bmc reaches and no
// loop summary of the other encodings exposes.
//
// Soundness: an under-approximation, UNSAFE only. A run that fails an assertion is a candidate; the
// kernel replays the choices it consumed once more, exactly (kernel/confirm.ts, a 'guided'
// candidate), and only that replay makes the verdict. No run ever gives SAFE: runs that complete say
// nothing about the others (UNKNOWN).
//
// Time: a run is synchronous (no timer can stop it), so it gets a deadline: a little under half of
// the time left (the kernel replays a failing run once more), which the interpreter checks every
// 65,536 steps, so a run ends near it however loaded the machine; and a step limit from that time
// at a conservative rate of steps a millisecond until a long run has shown the machine's own.
// The runs from the whole range of each type are held to a few times the steps of the longest run
// of the bounded domains when one of those ended by itself: a size drawn from the whole range
// (2^31 cells) makes a loop over it that no run finishes, and each such run took 45 % of what was
// left (0.5 to 0.9 s of every program of bench/symbolic, alone before the lanes start); a program
// whose loops have constant bounds runs as long in every domain, and keeps its steps. Where no run of
// the bounded domains ended by itself (every one cut, or every one stopped by an assumption: a size
// the bounded values never meet), the whole-range runs keep the limit from the time left.

import { performance } from 'node:perf_hooks';
import { compileProgram } from '../../interp/compile.js';
import type { RunOutcome } from '../../interp/interpreter.js';
import { createRandomSource } from '../../interp/sources.js';
import type { Program } from '../../ir/types.js';
import { confirmCounterexample } from '../../kernel/confirm.js';
import type { EmitResult, Encoder, EncoderContext, SolveOutcome } from '../../kernel/encoder.js';
import { OutcomeRecorder } from '../../kernel/outcome.js';
import { unknownVerdict } from '../../verdict.js';
import { runsDeclaration } from './declaration.js';

/** the domains of the runs, in order; undefined: any value of the type */
const domains: readonly (readonly bigint[] | undefined)[] = [
  [0n, 1n, 2n, 3n],
  [-1n, 0n, 1n, 2n, 3n, 5n, 10n, 100n],
  // the edges of C's narrow integer types (a cast to unsigned char or short wraps past them): sizes
  // that reach them without the whole range of a type, which rarely meets a size's assumption
  [1n, 255n, 256n, 257n, 300n, 1000n, 65535n, 65536n, 65537n],
  undefined,
];
/** seeds per domain */
const seedsPerDomain = 3;
/**
 * the steps a millisecond assumed before a run has shown its rate: the fewest measured here (the
 * generated JavaScript makes 15,000 to 400,000 on one core, the three-deep nests of bench/arrays-3d
 * the fewest); a slower machine overruns the run's share, not the budget of the portfolio
 */
const assumedStepsPerMillisecond = 15_000;
/** a run's step limit never exceeds this (seconds of the interpreter) */
const maximumRunSteps = 200_000_000;
/**
 * the share of the time left that one run may take: a little under half, since a run that fails
 * is replayed once more by the kernel (the same steps again) within the same budget
 */
const runShare = 0.45;
/** the whole-range runs' steps: this many times the longest bounded run that ended by itself ... */
const wholeRangeStepFactor = 4;
/** ... and never fewer than this (tens of milliseconds of the interpreter) */
const wholeRangeMinimumSteps = 2_000_000;

/** whether a run ended by itself (it was not cut by its step limit or deadline) */
function endedByItself(outcome: RunOutcome | undefined): boolean {
  return outcome !== undefined && outcome.kind !== 'stepLimitReached' && outcome.kind !== 'assumptionFailed';
}

export async function solveRuns(program: Program, context: EncoderContext): Promise<SolveOutcome> {
  const recorder = new OutcomeRecorder();
  const semantics = context.options.semantics;
  const compiled = recorder.measure('compile', () => compileProgram(program, semantics));
  let stepsPerMillisecond: number | undefined;
  const outcomes = new Map<string, number>();
  let runs = 0;
  // the steps of the longest run of a bounded domain that ended by itself (undefined: none did)
  let longestBoundedSteps: number | undefined;
  for (const [index, domain] of domains.entries()) {
    for (let seed = 1; seed <= seedsPerDomain; seed++) {
      if (context.budget.expired()) break;
      const rate = stepsPerMillisecond ?? assumedStepsPerMillisecond;
      const wholeRangeCap =
        domain === undefined && longestBoundedSteps !== undefined
          ? Math.max(wholeRangeMinimumSteps, wholeRangeStepFactor * longestBoundedSteps)
          : maximumRunSteps;
      const maximumSteps = Math.floor(
        Math.min(maximumRunSteps, wholeRangeCap, rate * context.budget.remaining() * runShare),
      );
      if (maximumSteps < 1000) break;
      const started = performance.now();
      const runDeadline = started + context.budget.remaining() * runShare;
      let outcome: RunOutcome | undefined;
      const confirmation = recorder.measure('run', () =>
        confirmCounterexample(
          program,
          {
            kind: 'guided',
            run: (_original, limit, deadline) => {
              outcome = compiled.run(
                createRandomSource({ seed: index * 1000 + seed, ...(domain === undefined ? {} : { domain }) }),
                Math.min(limit, maximumSteps),
                Math.min(deadline, runDeadline),
              ).outcome;
              return outcome;
            },
          },
          { semantics, budget: context.budget, maximumSteps },
        ),
      );
      runs++;
      if (confirmation.kind === 'confirmed') {
        recorder.details.runs = runs;
        return recorder.done(confirmation.verdict);
      }
      const steps = outcome?.steps ?? 0;
      if (domain !== undefined && endedByItself(outcome))
        longestBoundedSteps = Math.max(longestBoundedSteps ?? 0, steps);
      const elapsed = performance.now() - started;
      // the rate of the latest long run (a run over more memory is slower than a short one)
      if (steps >= 100_000 && elapsed > 0) stepsPerMillisecond = steps / elapsed;
      const described = outcome === undefined ? 'not run' : outcome.kind;
      outcomes.set(described, (outcomes.get(described) ?? 0) + 1);
    }
  }
  recorder.details.runs = runs;
  const summary = [...outcomes].map(([kind, count]) => `${count} ${kind}`).join(', ');
  // runs that ended within their limits prove nothing (imprecise); cut ones ran out of steps
  const kind = context.budget.expired() ? 'timeout' : outcomes.has('stepLimitReached') ? 'resourceLimit' : 'imprecise';
  return recorder.done(
    unknownVerdict(kind, `runs: no assertion failed in ${runs} run(s) with seeded inputs (${summary || 'none'})`),
  );
}

async function emitRuns(): Promise<EmitResult> {
  return {
    kind: 'unsupported',
    reason: 'runs: the program is run on the interpreter, not encoded: there is no SMT-LIB to write',
  };
}

export const runsEncoder: Encoder = {
  ...runsDeclaration,
  emit: emitRuns,
  solve: solveRuns,
};
