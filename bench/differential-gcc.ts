// Differential testing of the interpreter against gcc at scale, not a test (the test is
// test/execution/differential.test.ts): generated C programs (test/generators/c-semantics.ts) are
// run on several input vectors each by the interpreter (bv semantics) and natively (gcc + UBSan),
// through src/execution/differential.ts, and every disagreement is shrunk by fast-check and printed.
//
// Program i is generated from seed S + i (so one program can be reproduced alone) in the data model
// M, or alternately ILP32 and LP64 with `--data-model both`. Prints: programs, runs compared,
// agreements, disagreements (each shrunk case: C text, inputs, what each side did), runs excluded
// for undefined behaviour (UBSan) or another reason, programs our front end refuses or gcc cannot
// build, the outcomes of the compared runs, total and per-program time. Exits 1 on a disagreement.
//
// Usage: npx tsc -p .; node dist/bench/differential-gcc.js [--programs 1000] [--seed 1]
//        [--data-model ILP32|LP64|both (default both)] [--runs 4 (input vectors per program)]
//        [--shrink-seconds 300 (time cap of one shrink)]

import fc from 'fast-check';
import { performance } from 'node:perf_hooks';
import { compareWithGcc, type DifferentialResult, type RunComparison } from '../src/execution/differential.js';
import { findToolchain } from '../src/execution/gcc.js';
import type { DataModel } from '../src/ir/types.js';
import { cSemanticsProgram, type GeneratedCProgram } from '../test/generators/c-semantics.js';
import { argumentValue } from './arguments.js';

const programCount = Number(argumentValue('--programs', '1000'));
const seed = Number(argumentValue('--seed', '1'));
const dataModelChoice = argumentValue('--data-model', 'both');
const runsPerProgram = Number(argumentValue('--runs', '4'));
const shrinkSeconds = Number(argumentValue('--shrink-seconds', '300'));

interface Tally {
  programs: number;
  runs: number;
  agreements: number;
  disagreements: number;
  excluded: Map<string, number>;
  frontEndRefused: number;
  frontEndFailed: number;
  couldNotBuild: number;
  /** native outcome of the agreeing runs */
  outcomes: Map<string, number>;
  /** why a native run could not be started or was stopped by UBSan (the first few distinct reasons) */
  exclusionReasons: Set<string>;
}

function increment(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** a disagreement or a crash of our front end: what fast-check shrinks */
function failing(result: DifferentialResult): boolean {
  return (
    result.kind === 'frontEndFailed' ||
    (result.kind === 'compared' && result.runs.some((run) => run.verdict.kind === 'disagree'))
  );
}

function count(tally: Tally, result: DifferentialResult, refusals: string[], buildFailures: string[]): void {
  tally.programs++;
  switch (result.kind) {
    case 'frontEndRefused':
      tally.frontEndRefused++;
      refusals.push(result.reason);
      return;
    case 'frontEndFailed':
      tally.frontEndFailed++;
      return;
    case 'couldNotBuild':
      tally.couldNotBuild++;
      buildFailures.push(result.reason);
      return;
    case 'compared':
      break;
    default: {
      const never: never = result;
      throw new Error(`unknown result ${JSON.stringify(never)}`);
    }
  }
  for (const run of result.runs) {
    tally.runs++;
    switch (run.verdict.kind) {
      case 'agree':
        tally.agreements++;
        increment(tally.outcomes, run.native.kind);
        break;
      case 'disagree':
        tally.disagreements++;
        break;
      case 'excluded':
        increment(tally.excluded, run.verdict.reason);
        if (
          (run.native.kind === 'couldNotRun' || run.native.kind === 'undefinedBehaviour') &&
          tally.exclusionReasons.size < 8
        ) {
          tally.exclusionReasons.add(
            run.native.kind === 'couldNotRun' ? `could not run: ${run.native.reason}` : `UBSan: ${run.native.message}`,
          );
        }
        break;
      default: {
        const never: never = run.verdict;
        throw new Error(`unknown verdict ${JSON.stringify(never)}`);
      }
    }
  }
}

function describeRun(run: RunComparison): string {
  const verdict = run.verdict.kind === 'disagree' ? run.verdict.description : run.verdict.kind;
  return `  inputs [${run.inputs.join(', ')}]: ${verdict}`;
}

function printFailure(index: number, generated: GeneratedCProgram, result: DifferentialResult): void {
  process.stdout.write(
    `\n=== disagreement: program ${index} (seed ${seed + index}, ${generated.dataModel}), shrunk ===\n${generated.program.source}`,
  );
  if (result.kind === 'frontEndFailed') process.stdout.write(`front end internal error: ${result.reason}\n`);
  if (result.kind === 'compared') {
    for (const run of result.runs) if (run.verdict.kind === 'disagree') process.stdout.write(`${describeRun(run)}\n`);
  }
}

function dataModelOf(index: number): DataModel {
  if (dataModelChoice === 'ILP32' || dataModelChoice === 'LP64') return dataModelChoice;
  return index % 2 === 0 ? 'ILP32' : 'LP64';
}

function main(): void {
  const toolchain = findToolchain();
  if (toolchain.kind === 'missing') {
    process.stdout.write(`skipped: ${toolchain.reason}\n`);
    return;
  }
  if (!toolchain.toolchain.canBuild32)
    process.stdout.write('note: gcc cannot link -m32 here, ILP32 programs are built for LP64\n');
  const tally: Tally = {
    programs: 0,
    runs: 0,
    agreements: 0,
    disagreements: 0,
    excluded: new Map(),
    frontEndRefused: 0,
    frontEndFailed: 0,
    couldNotBuild: 0,
    outcomes: new Map(),
    exclusionReasons: new Set(),
  };
  const refusals: string[] = [];
  const buildFailures: string[] = [];
  const failures: number[] = [];
  const started = performance.now();
  let shrinkMilliseconds = 0;
  for (let index = 0; index < programCount; index++) {
    const dataModel = dataModelOf(index);
    let first = true;
    const property = fc.property(cSemanticsProgram(dataModel, { runsPerProgram }), (generated) => {
      const result = compareWithGcc(generated.program, generated.inputs, { dataModel });
      if (first) count(tally, result, refusals, buildFailures);
      first = false;
      return !failing(result);
    });
    const shrinkStarted = performance.now();
    const details = fc.check(property, {
      numRuns: 1,
      seed: seed + index,
      interruptAfterTimeLimit: shrinkSeconds * 1000,
    });
    if (details.failed && details.counterexample !== null) {
      shrinkMilliseconds += performance.now() - shrinkStarted;
      failures.push(index);
      const [shrunk] = details.counterexample;
      printFailure(index, shrunk, compareWithGcc(shrunk.program, shrunk.inputs, { dataModel }));
    }
    if ((index + 1) % 500 === 0)
      process.stderr.write(
        `${index + 1} programs, ${tally.disagreements} disagreeing runs, ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
      );
  }
  const seconds = (performance.now() - started) / 1000;
  const excluded = [...tally.excluded].map(([reason, runs]) => `${reason} ${runs}`).join(', ') || 'none';
  const outcomes = [...tally.outcomes]
    .sort(([, left], [, right]) => right - left)
    .map(([outcome, runs]) => `${outcome} ${runs}`)
    .join(', ');
  process.stdout.write(
    [
      '',
      `programs: ${tally.programs} (seeds ${seed}..${seed + programCount - 1}, data model ${dataModelChoice}, ${runsPerProgram} input vectors each)`,
      `runs: ${tally.runs}; compared ${tally.agreements + tally.disagreements}: agreements ${tally.agreements}, disagreements ${tally.disagreements} (in ${failures.length} programs${failures.length > 0 ? `: ${failures.join(', ')}` : ''})`,
      `excluded runs (not compared): ${excluded}`,
      ...[...tally.exclusionReasons].map((reason) => `  e.g. ${reason}`),
      `agreeing runs by outcome: ${outcomes}`,
      `front end refused: ${tally.frontEndRefused}${refusals.length > 0 ? ` (first: ${refusals[0]})` : ''}; front end internal errors: ${tally.frontEndFailed}; could not build: ${tally.couldNotBuild}${buildFailures.length > 0 ? ` (first: ${buildFailures[0]})` : ''}`,
      `time: ${seconds.toFixed(1)} s total, ${((seconds * 1000 - shrinkMilliseconds) / Math.max(1, tally.programs)).toFixed(0)} ms per program (shrinking excluded; shrinking ${(shrinkMilliseconds / 1000).toFixed(1)} s)`,
      '',
    ].join('\n'),
  );
  process.exitCode = failures.length > 0 ? 1 : 0;
}

main();
