// Execution-based validation of a counterexample: the program, compiled by gcc and linked against a
// harness that returns the counterexample's nondet inputs in order, must reach the error.
//
// The answer is 'confirmed' (the native run reached an error function), 'notReached' or
// 'couldNotBuild'. A 'notReached' carries an explanation when one is known, so that callers can tell
// an expected difference from a disagreement between the interpreter and the compiled program:
// - 'indeterminate': the interpreter's failure needs values C leaves indeterminate (uninitialised
//   locals, malloc'ed memory), which the native run does not take from the counterexample;
// - 'integerSemantics': the counterexample is one of mathematical integers (--semantics int) and its
//   replay in two's complement (bv) semantics does not fail, so the native run may differ;
// - 'dataModel': an ILP32 program had to be built for LP64 (no gcc -m32 here);
// - 'outOfTime': the compiled program was stopped at the end of the time the check had (what was
//   left of the command's --timeout): it neither reached the error nor ended, so the run says
//   nothing either way (under load, 100,000 inputs read one by one can take a second); or an
//   interpreter replay the explanation needs was stopped there.
// Every interpreter replay here stops at the end of that time too (a replay holds the JavaScript
// thread); when the first one, which tells the inputs apart, is stopped, nothing is built and the
// answer is 'couldNotBuild' (out of time).
// A 'notReached' without explanation is a disagreement: the interpreter and gcc read the program
// differently, which is a bug of ours (the CLI reports it as an internal error).

import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultReplaySteps, describeOutcome, replayCounterexample, type RunOutcome } from '../interp/interpreter.js';
import type { DataModel, Program, PropertyKind, Semantics } from '../ir/types.js';
import type { Counterexample } from '../verdict.js';
import { buildWithHarness, describeNativeOutcome, runNative, type NativeOutcome } from './gcc.js';
import { harnessSource } from './harness.js';
import { failureDependsOnIndeterminate, programInputs, type IndeterminateChoice } from './inputs.js';

export interface ExecutionOptions {
  readonly semantics: Semantics;
  /**
   * what the run must show (default unreach-call: an error function is reached); no-overflow: the
   * program is built without -fwrapv and with UBSan's signed-integer-overflow check, which must stop it
   */
  readonly property?: PropertyKind;
  readonly dataModel: DataModel;
  /** the time limit of building and running together */
  readonly timeoutMilliseconds: number;
  /** the folder to build in and keep (harness.c, program.o, program); default: a temporary folder */
  readonly directory?: string;
}

export type NotReachedExplanation = 'indeterminate' | 'integerSemantics' | 'dataModel' | 'outOfTime';

interface ExecutionFacts {
  /** the compile command's flags, e.g. `gcc -m32 -O0 -fno-inline -fwrapv` */
  readonly compiler: string;
  /** the folder kept with harness.c, inputs.txt and the binary (a confirmed run's temporary folder is removed) */
  readonly directory: string | undefined;
  readonly inputs: readonly bigint[];
  readonly indeterminate: readonly IndeterminateChoice[];
  /** build and run, in milliseconds */
  readonly milliseconds: number;
  readonly notes: readonly string[];
  /** what the run had to show: an error reached (unreach-call) or a signed overflow (no-overflow) */
  readonly property: PropertyKind;
}

export type ExecutionCheck =
  | ({ readonly kind: 'confirmed' } & ExecutionFacts)
  | ({
      readonly kind: 'notReached';
      readonly outcome: NativeOutcome;
      readonly explanation: NotReachedExplanation | undefined;
    } & ExecutionFacts)
  | { readonly kind: 'couldNotBuild'; readonly reason: string; readonly milliseconds: number };

export function validateByExecution(
  programFile: string,
  program: Program,
  counterexample: Counterexample,
  options: ExecutionOptions,
): ExecutionCheck {
  const started = performance.now();
  const deadline = started + options.timeoutMilliseconds;
  const split = programInputs(program, counterexample, options.semantics, defaultReplaySteps, deadline);
  if (cutByDeadline(split.replay))
    return {
      kind: 'couldNotBuild',
      reason: `out of time: the interpreter's replay that tells the inputs apart ${describeOutcome(split.replay)}`,
      milliseconds: performance.now() - started,
    };
  const harnessNote = `inputs of the counterexample of ${programFile} (${options.semantics} semantics, ${options.dataModel})`;
  const overflow = options.property === 'no-overflow';
  const build = buildWithHarness(programFile, harnessSource(split.inputs, harnessNote), {
    dataModel: options.dataModel,
    sanitize: false,
    trapSignedOverflow: overflow,
    timeoutMilliseconds: options.timeoutMilliseconds,
    ...(options.directory === undefined ? {} : { directory: options.directory }),
  });
  if (build.kind === 'couldNotBuild')
    return { kind: 'couldNotBuild', reason: build.reason, milliseconds: performance.now() - started };
  writeFileSync(
    join(build.directory, 'inputs.txt'),
    split.inputs.map(String).join('\n') + (split.inputs.length > 0 ? '\n' : ''),
  );
  const run = runNative(build.binary, {
    timeoutMilliseconds: Math.max(1, Math.round(options.timeoutMilliseconds - (performance.now() - started))),
  });
  const notes = [...(build.dataModelNote === undefined ? [] : [build.dataModelNote])];
  if (split.replay.kind !== 'assertionFailed') notes.push(`the interpreter's replay ${describeOutcome(split.replay)}`);
  const facts = {
    compiler: build.compiler,
    directory: build.directory,
    inputs: split.inputs,
    indeterminate: split.indeterminate,
    notes,
    property: options.property ?? 'unreach-call',
  };
  if (overflow ? run.outcome.kind === 'undefinedBehaviour' : run.outcome.kind === 'reachedError') {
    if (options.directory === undefined) rmSync(build.directory, { recursive: true, force: true });
    return { kind: 'confirmed', ...facts, directory: options.directory, milliseconds: performance.now() - started };
  }
  return {
    kind: 'notReached',
    outcome: run.outcome,
    explanation:
      run.outcome.kind === 'timeout'
        ? 'outOfTime'
        : explain(program, counterexample, options, deadline, {
            dataModelDiffers: build.dataModelNote !== undefined,
            usesIndeterminate: split.indeterminate.length > 0,
          }),
    ...facts,
    milliseconds: performance.now() - started,
  };
}

/** a replay stopped by its deadline: it says nothing about the program */
function cutByDeadline(outcome: RunOutcome): boolean {
  return outcome.kind === 'stepLimitReached' && outcome.byDeadline === true;
}

/**
 * Why the native run did not reach the error, when a known difference explains it; the replays it
 * takes stop at `deadline` (the check's time), and a replay cut there explains it as 'outOfTime'.
 */
function explain(
  program: Program,
  counterexample: Counterexample,
  options: ExecutionOptions,
  deadline: number,
  build: { readonly dataModelDiffers: boolean; readonly usesIndeterminate: boolean },
): NotReachedExplanation | undefined {
  // (an overflow found with indeterminate values is not told apart from one without: any such value counts)
  if (options.property === 'no-overflow') {
    if (build.usesIndeterminate) return 'indeterminate';
  } else {
    const dependence = failureDependsOnIndeterminate(
      program,
      counterexample,
      options.semantics,
      defaultReplaySteps,
      deadline,
    );
    if (dependence === 'depends') return 'indeterminate';
    if (dependence === 'outOfTime') return 'outOfTime';
  }
  if (options.semantics === 'int') {
    const replay = replayCounterexample(program, counterexample, 'bv', defaultReplaySteps, deadline);
    if (cutByDeadline(replay)) return 'outOfTime';
    if (replay.kind !== 'assertionFailed') return 'integerSemantics';
  }
  if (build.dataModelDiffers) return 'dataModel';
  return undefined;
}

export function describeExecution(check: ExecutionCheck): string {
  const seconds = `${(check.milliseconds / 1000).toFixed(2)} s`;
  switch (check.kind) {
    case 'confirmed':
      return `confirmed: the program compiled with ${check.compiler} ${check.property === 'no-overflow' ? 'stops at a signed overflow' : 'reaches the error'} on the counterexample's ${check.inputs.length} input(s) (${seconds})`;
    case 'couldNotBuild':
      return `could not build: ${check.reason}`;
    case 'notReached': {
      const why =
        check.explanation === undefined
          ? 'the interpreter and the compiled program disagree'
          : explanationText[check.explanation];
      return `not reached: the program compiled with ${check.compiler} ${describeNativeOutcome(check.outcome)} on the counterexample's ${check.inputs.length} input(s); ${why} (${seconds}; harness and binary kept in ${check.directory})`;
    }
    default: {
      const never: never = check;
      throw new Error(`unknown execution check ${JSON.stringify(never)}`);
    }
  }
}

const explanationText: Readonly<Record<NotReachedExplanation, string>> = {
  indeterminate:
    'the failure needs values C leaves indeterminate (uninitialised memory), which a real run does not take from the counterexample',
  integerSemantics:
    "the counterexample assumes mathematical integers, and in two's complement the replay does not fail either",
  dataModel: 'the program was built for another data model than the one it was verified for',
  outOfTime:
    'the run was stopped at the end of the time left to the check, so it confirms nothing and contradicts nothing',
};
