// The soundness harness every encoder is tested with: random small C programs (test/generators)
// go through the whole pipeline (preprocessor, parser, lowering), the encoder solves them, and the
// verdict is compared with the ground truth of exhaustive enumeration on the interpreter.
//
// Properties, by the encoder's approximation:
// - every encoder: SAFE never where enumeration finds a failing input; UNSAFE never where complete
//   enumeration finds none; every UNSAFE counterexample replays to an assertion failure;
// - `exact` mode (e.g. bmc with enough unwinding and unwinding assertions): the verdict is never
//   UNKNOWN, so SAFE/UNSAFE coincide with the ground truth.

import fc from 'fast-check';
import { expect } from 'vitest';
import type { Encoder } from '../../src/encoders/encoder.js';
import { preprocess } from '../../src/frontend/preprocess.js';
import { parseTranslationUnit } from '../../src/frontend/parse.js';
import { exploreAll } from '../../src/interp/explore.js';
import { replayCounterexample } from '../../src/interp/interpreter.js';
import { lowerTranslationUnit } from '../../src/ir/lower/index.js';
import { printProgram } from '../../src/ir/print.js';
import type { Program } from '../../src/ir/types.js';
import type { Solver } from '../../src/solvers/solver.js';
import { arbitraryProgram, type GeneratedProgram } from '../generators/programs.js';
import { emitWith, solveWith, type TestOptions } from '../support/encoding.js';

export const enumerationDomain = [-2n, -1n, 0n, 1n, 2n];

/** C text → IR through the same front end the CLI uses (builtin preprocessor: no cpp needed). */
export function lowerSource(source: string, file = 'generated.c'): Program {
  const preprocessed = preprocess(source, file, { mode: 'builtin' });
  if (preprocessed.kind !== 'preprocessed') throw new Error(`preprocessing failed: ${JSON.stringify(preprocessed.diagnostics)}\n${source}`);
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
}

export interface HarnessOptions {
  readonly encoder: Encoder;
  readonly options: TestOptions;
  readonly solver: Solver;
  readonly numRuns: number;
  readonly seed: number;
  /** the encoder must answer SAFE/UNSAFE on every program (exact within its bounds) */
  readonly exact?: boolean;
  readonly maxLoops?: number;
}

/** Checks one generated program; throws (via expect) on a soundness violation. */
export async function checkProgram(generated: GeneratedProgram, harness: HarnessOptions, statistics: HarnessStatistics): Promise<void> {
  const program = lowerSource(generated.source);
  const truth = exploreAll(program, { semantics: harness.options.semantics, domain: enumerationDomain, maxRuns: 100_000, maxSteps: 100_000 });
  const context = () => `${harness.encoder.name}: ${generated.description}\n${generated.source}\n${printProgram(program)}`;
  expect(truth.kind, context()).not.toBe('undefinedBehaviour');
  const failureExists = truth.kind === 'failureFound';
  const complete = truth.kind === 'failureFound' || (truth.kind === 'noFailure' && truth.complete);
  expect(complete, `enumeration incomplete\n${context()}`).toBe(true);
  expect(failureExists, `enumeration disagrees with the generator's oracle\n${context()}`).toBe(generated.expectedFailure);

  const outcome = await solveWith(harness.encoder, program, harness.options, harness.solver);
  const verdict = outcome.verdict;
  statistics.programs++;
  if (failureExists) statistics.failing++;
  switch (verdict.kind) {
    case 'safe':
      statistics.safe++;
      expect(failureExists, `SAFE but a failing input exists\n${context()}`).toBe(false);
      break;
    case 'unsafe': {
      statistics.unsafe++;
      expect(failureExists, `UNSAFE but enumeration finds no failure\n${context()}`).toBe(true);
      const replay = replayCounterexample(program, verdict.counterexample, harness.options.semantics);
      expect(replay.kind, `UNSAFE counterexample does not replay\n${context()}`).toBe('assertionFailed');
      break;
    }
    case 'unknown':
      statistics.unknown++;
      if (harness.exact) expect.fail(`UNKNOWN (${verdict.reason.message}) from an encoding that must be exact here\n${context()}`);
      break;
    default: {
      const never: never = verdict;
      throw new Error(`unknown verdict ${JSON.stringify(never)}`);
    }
  }
}

export async function runHarness(harness: HarnessOptions): Promise<HarnessStatistics> {
  const statistics: HarnessStatistics = { programs: 0, failing: 0, safe: 0, unsafe: 0, unknown: 0 };
  await fc.assert(
    fc.asyncProperty(arbitraryProgram({ maxLoops: harness.maxLoops }), (generated) => checkProgram(generated, harness, statistics)),
    { numRuns: harness.numRuns, seed: harness.seed, endOnFailure: true },
  );
  return statistics;
}
