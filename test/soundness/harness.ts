// The soundness harness every encoder is tested with: random small C programs (test/generators)
// go through the whole pipeline (preprocessor, parser, lowering, the passes after it), the encoder (or the portfolio)
// solves them, and the verdict is compared with the ground truth of C: exhaustive enumeration on the
// interpreter in `bv` semantics, which is C's (the interpreter is held to gcc by
// test/execution/differential.test.ts), whatever semantics the encoding runs in. The truth is never
// computed in the encoding's own semantics: a verdict about mathematical integers that C does not
// share is a failure here.
//
// Properties, by the encoder's approximation:
// - every encoder: SAFE never where enumeration finds a failing input; UNSAFE never where complete
//   enumeration finds none; every UNSAFE counterexample replays to an assertion failure in C (`bv`);
// - `exact` mode (e.g. bmc with enough unwinding and unwinding assertions): the verdict is never
//   UNKNOWN, so SAFE/UNSAFE coincide with the ground truth.
// Every generated program's enumeration must be complete over its domain (every nondet value is
// restricted by an assume to values of the domain) and agree with the generator's own oracle.
// Programs with a symbolic size N (test/support/symbolic-programs.ts, through `sampledSizePrograms`)
// cannot be enumerated: their truth is sampled (runs with N = 1 … 6 and small array contents). A
// failing run is a certain failure, so SAFE is still judged; no failing run proves nothing, so an
// UNSAFE answer there is judged by the replay of its counterexample alone.
// This is the one harness runner (`runHarness`) of the suite.

import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Encoder } from '../../src/kernel/encoder.js';
import { preprocess } from '../../src/frontend/preprocess.js';
import { parseTranslationUnit } from '../../src/frontend/parse.js';
import { exploreAll } from '../../src/interp/explore.js';
import { replayCounterexample, runProgram } from '../../src/interp/interpreter.js';
import { createRandomSource } from '../../src/interp/sources.js';
import { lowerTranslationUnit } from '../../src/ir/lower/index.js';
import { printProgram } from '../../src/ir/print.js';
import type { Program } from '../../src/ir/types.js';
import { runPortfolio } from '../../src/portfolio/index.js';
import { runProgramPasses } from '../../src/analysis/program-passes.js';
import type { Solver } from '../../src/solvers/solver.js';
import type { Verdict } from '../../src/verdict.js';
import { arbitraryProgram } from '../generators/programs.js';
import { solveWith, type TestOptions } from '../support/encoding.js';
import { sizeFirstSource } from '../support/size-first-source.js';

/** ENCODE_HARNESS_SCALE=10 (long mode) runs ten times as many programs where a test multiplies by it */
export const harnessScale = Number(process.env['ENCODE_HARNESS_SCALE'] ?? '1');

/** the domain of the int-only generator (programs.ts: every nondet value in -2..2) */
export const enumerationDomain = [-2n, -1n, 0n, 1n, 2n];

/** C text → IR through the same front end the CLI uses (builtin preprocessor: no cpp needed). */
export function lowerSource(source: string, file = 'generated.c'): Program {
  const preprocessed = preprocess(source, file, { mode: 'builtin' });
  if (preprocessed.kind !== 'preprocessed')
    throw new Error(`preprocessing failed: ${JSON.stringify(preprocessed.diagnostics)}\n${source}`);
  const parsed = parseTranslationUnit(preprocessed.source.text, file);
  if (parsed.kind !== 'parsed') throw new Error(`parse failed: ${JSON.stringify(parsed.diagnostics)}\n${source}`);
  const lowered = lowerTranslationUnit(parsed.unit, file, { dataModel: 'ILP32' });
  if (lowered.kind !== 'lowered') throw new Error(`lowering failed: ${JSON.stringify(lowered.diagnostics)}\n${source}`);
  return lowered.program;
}

export interface HarnessStatistics {
  programs: number;
  failing: number;
  safe: number;
  unsafe: number;
  unknown: number;
  /** wall-clock time of establishing C's truth (interpreter runs), summed over the programs */
  truthMilliseconds: number;
  /** wall-clock time of the verdicts (encoding and solver), summed over the programs */
  solveMilliseconds: number;
  /** the slowest SAFE or UNSAFE verdict: a budget shorter than a few times this would lose decided programs */
  slowestDecidedMilliseconds: number;
}

export function emptyStatistics(): HarnessStatistics {
  return {
    programs: 0,
    failing: 0,
    safe: 0,
    unsafe: 0,
    unknown: 0,
    truthMilliseconds: 0,
    solveMilliseconds: 0,
    slowestDecidedMilliseconds: 0,
  };
}

/** what the harness needs of a generated program */
export type HarnessProgram = EnumeratedProgram | EnumeratedOnlyProgram | SampledProgram;

/** a program whose nondet values range over a small domain (programs.ts and typed-programs.ts give it): enumerated exhaustively */
export interface EnumeratedProgram {
  readonly truth?: 'enumerated';
  readonly source: string;
  readonly description: string;
  /** the generator's oracle: some admitted input reaches a failing assertion */
  readonly expectedFailure: boolean;
  /** the values enumeration tries for every nondet choice (default: enumerationDomain) */
  readonly domain?: readonly bigint[];
}

/**
 * a program enumerated exhaustively like EnumeratedProgram, without a generator oracle: its truth is
 * enumeration's alone (test/generators/control-flow.ts, whose programs no model of the generator evaluates)
 */
export interface EnumeratedOnlyProgram {
  readonly truth: 'enumeratedOnly';
  readonly source: string;
  readonly description: string;
  /** the values enumeration tries for every nondet choice (default: enumerationDomain) */
  readonly domain?: readonly bigint[];
}

/** a program with a symbolic size N read first (symbolic-programs.ts): its truth is sampled (`failsForSmallSizes`) */
export interface SampledProgram {
  readonly truth: 'sampledSizes';
  readonly source: string;
  readonly description: string;
}

/** programs of the symbolic-size class (C texts) as harness programs */
export function sampledSizePrograms(texts: fc.Arbitrary<string>): fc.Arbitrary<SampledProgram> {
  return texts.map((source) => ({
    truth: 'sampledSizes',
    source,
    description: 'a program with a symbolic size N (runs with N = 1 … 6)',
  }));
}

/** the portfolio (src/portfolio/index.ts, every encoding under one budget) as a harness target */
export const portfolio = { name: 'portfolio' } as const;
export type HarnessTarget = Encoder | typeof portfolio;

export interface HarnessOptions {
  readonly encoder: HarnessTarget;
  /** how the encoding runs: `c` (the default semantics), or `bv`; the truth is C's either way */
  readonly options: TestOptions;
  readonly solver: Solver;
  readonly numRuns: number;
  readonly seed: number;
  /** the encoder must answer SAFE/UNSAFE on every program (exact within its bounds) */
  readonly exact?: boolean;
  readonly maxLoops?: number;
  /** the programs (default: programs.ts's int programs with at most maxLoops loops) */
  readonly programs?: fc.Arbitrary<HarnessProgram>;
}

/** C's verdict on a generated program: lowered, and run on the interpreter in bv semantics */
export interface Truth {
  readonly program: Program;
  /** some run fails (certain either way for enumerated programs; for sampled ones only when true) */
  readonly failureExists: boolean;
  /** whether no failing run means there is none (enumeration), so that an UNSAFE can be refuted */
  readonly complete: boolean;
  readonly context: (label: string) => string;
}

/** whether some run with N = 1 … 6 (the first nondet value) and small array contents fails an assertion, in C (bv) */
export function failsForSmallSizes(program: Program): boolean {
  for (let size = 1; size <= 6; size++) {
    for (let seed = 0; seed < 12; seed++) {
      const rest = createRandomSource({
        seed: 97 * size + seed,
        domain: [-2n, -1n, 0n, 1n, 2n, 3n],
        maxArrayCells: 64,
      });
      const outcome = runProgram(program, {
        semantics: 'bv',
        maxSteps: 1_000_000,
        nondet: sizeFirstSource(size, rest),
      });
      if (outcome.kind === 'assertionFailed') return true;
    }
  }
  return false;
}

/** Lowers the program and establishes C's verdict; fails (via expect) on a generator/interpreter disagreement. */
export function establishTruth(generated: HarnessProgram): Truth {
  const program = lowerSource(generated.source);
  if (generated.truth === 'sampledSizes') {
    const context = (label: string) =>
      `${label}: ${generated.description}\n${generated.source}\n${printProgram(program)}`;
    return { program, failureExists: failsForSmallSizes(program), complete: false, context };
  }
  const truth = exploreAll(program, {
    semantics: 'bv',
    domain: generated.domain ?? enumerationDomain,
    maxRuns: 100_000,
    maxSteps: 100_000,
  });
  const context = (label: string) =>
    `${label}: ${generated.description}\n${generated.source}\n${printProgram(program)}`;
  expect(truth.kind, context('truth')).not.toBe('undefinedBehaviour');
  const failureExists = truth.kind === 'failureFound';
  const complete = truth.kind === 'failureFound' || (truth.kind === 'noFailure' && truth.complete);
  expect(complete, `enumeration incomplete\n${context('truth')}`).toBe(true);
  if (generated.truth !== 'enumeratedOnly')
    expect(failureExists, `enumeration (C, bv) disagrees with the generator's oracle\n${context('truth')}`).toBe(
      generated.expectedFailure,
    );
  return { program, failureExists, complete: true, context };
}

/** Judges one verdict against C's truth (throws via expect on a soundness violation) and counts it. */
export function judgeVerdict(
  truth: Truth,
  verdict: Verdict,
  label: string,
  statistics: HarnessStatistics,
  exact = false,
): void {
  statistics.programs++;
  if (truth.failureExists) statistics.failing++;
  switch (verdict.kind) {
    case 'safe':
      statistics.safe++;
      expect(truth.failureExists, `SAFE but a C run fails\n${truth.context(label)}`).toBe(false);
      break;
    case 'unsafe': {
      statistics.unsafe++;
      if (truth.complete) expect(truth.failureExists, `UNSAFE but no C run fails\n${truth.context(label)}`).toBe(true);
      const replay = replayCounterexample(truth.program, verdict.counterexample, 'bv');
      expect(replay.kind, `UNSAFE counterexample does not fail in C (bv replay)\n${truth.context(label)}`).toBe(
        'assertionFailed',
      );
      break;
    }
    case 'unknown':
      statistics.unknown++;
      if (exact)
        expect.fail(
          `UNKNOWN (${verdict.reason.message}) from an encoding that must be exact here\n${truth.context(label)}`,
        );
      break;
    default: {
      const never: never = verdict;
      throw new Error(`unknown verdict ${JSON.stringify(never)}`);
    }
  }
}

/** The verdict of an encoding (through the kernel) or of the portfolio (with the CLI's defaults of every option). */
export async function verdictOf(
  target: HarnessTarget,
  program: Program,
  options: TestOptions,
  solver: Solver,
): Promise<Verdict> {
  if (target === portfolio) {
    const run = await runPortfolio(program, { semantics: options.semantics, settings: new Map() }, solver, {
      timeoutMilliseconds: options.timeoutMilliseconds,
    });
    return run.verdict;
  }
  return (await solveWith(target as Encoder, program, options, solver)).verdict;
}

/** Checks one generated program; throws (via expect) on a soundness violation. */
export async function checkProgram(
  generated: HarnessProgram,
  harness: HarnessOptions,
  statistics: HarnessStatistics,
): Promise<void> {
  const truthStart = performance.now();
  const truth = establishTruth(generated);
  const solveStart = performance.now();
  statistics.truthMilliseconds += Math.round(solveStart - truthStart);
  // the encoder gets the program as the CLI's pipeline gives it (after the program passes run
  // after lowering: analysis/program-passes.ts); the truth runs it as lowered, before any pass
  const verdict = await verdictOf(harness.encoder, runProgramPasses(truth.program), harness.options, harness.solver);
  const solveMilliseconds = Math.round(performance.now() - solveStart);
  statistics.solveMilliseconds += solveMilliseconds;
  if (verdict.kind !== 'unknown')
    statistics.slowestDecidedMilliseconds = Math.max(statistics.slowestDecidedMilliseconds, solveMilliseconds);
  judgeVerdict(truth, verdict, `${harness.encoder.name} (${harness.options.semantics})`, statistics, harness.exact);
}

/** `numRuns` generated programs (fixed `seed`) through the target, each judged against C's truth; fails on the first unsound verdict */
export async function runHarness(harness: HarnessOptions): Promise<HarnessStatistics> {
  const statistics = emptyStatistics();
  const programs =
    harness.programs ?? arbitraryProgram(harness.maxLoops === undefined ? {} : { maxLoops: harness.maxLoops });
  await fc.assert(
    fc.asyncProperty(programs, (generated) => checkProgram(generated, harness, statistics)),
    { numRuns: harness.numRuns, seed: harness.seed, endOnFailure: true },
  );
  return statistics;
}
