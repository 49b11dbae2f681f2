// Differential testing of the interpreter against gcc: one C text, run on the same nondeterministic
// inputs (a) by our front end and the interpreter in `bv` semantics and (b) compiled by gcc (with
// UBSan) and run natively; the outcomes and the final values of the observed expressions must agree.
// Here in src/ (not test/) because it is a tool of its own: the test, the bench and any later
// command use the same comparison.
//
// The C text marks with one line `/* observe */` (observationMarker) the point where the observed
// expressions are read, normally the end of main before its return. From the text two variants are
// written, with the same line numbers (one declaration line is put first in both, and the marker
// becomes one line per observed expression in both):
// - native: `printf("encode-observe %llu\n", (unsigned long long)(e));` per expression;
// - interpreter: `if ((unsigned long long)(e) != __VERIFIER_nondet_ulonglong()) reach_error();`
//   per expression, where this module's nondeterministic source answers the call on the line of the
//   i-th observation with the value the native run printed for it. A failed check is a mismatch of
//   that expression; a check the native run printed no value for ends the interpreter's run there.
// Every other scalar choice of the interpreter is the next input, converted to the requested type
// as C converts (the harness does the same, harness.ts), so any input vector is accepted.
//
// Soundness assumptions (a run outside them is 'excluded', never 'agree'):
// - the native run has no undefined behaviour: the binary is built with -fsanitize=undefined, and a
//   run UBSan stops is excluded, whatever the interpreter did. UBSan does not see everything (e.g.
//   unsequenced side effects), so callers generate programs free of those by construction;
// - every value the interpreter chooses is a nondet input: a choice C leaves indeterminate
//   (uninitialised locals or arrays) makes the run excluded, as the native run picks its own;
// - main's return status is not compared (the IR does not keep it); abort() natively (SIGABRT)
//   agrees with a path the interpreter ends silently (the front end lowers abort() to assume(0));
// - a native run that times out or cannot be started is excluded; -fwrapv makes signed overflow wrap,
//   as `bv` semantics does; ILP32 is built with -m32 when gcc can (else the build note says LP64).

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileProgram, type CompiledProgram } from '../interp/compile.js';
import type { NondetSource, RunOutcome } from '../interp/interpreter.js';
import { convertedValue } from '../ir/factory.js';
import type { DataModel, Program, Semantics } from '../ir/types.js';
import { runFrontEnd } from '../pipeline.js';
import { formatDiagnostic } from '../verdict.js';
import { buildWithHarness, describeNativeOutcome, runNative, type NativeOutcome } from './gcc.js';
import { harnessSource } from './harness.js';

/** the line (alone, surrounding blanks aside) where the observed expressions are read */
export const observationMarker = '/* observe */';

export interface DifferentialProgram {
  /** C text with the observation marker on a line of its own, exactly once */
  readonly source: string;
  /** C expressions of integer type read at the marker: variables, fields, cells */
  readonly observed: readonly string[];
}

export interface DifferentialOptions {
  readonly dataModel: DataModel;
  /** the time limit of one native run; default 10 s */
  readonly timeoutMilliseconds?: number;
  /** the interpreter's step limit per run; default 10^7 */
  readonly maxSteps?: number;
  /** the folder to write and build in, kept; default a temporary folder, removed at the end */
  readonly directory?: string;
  /**
   * what the interpreter runs instead of the lowered program in `bv` semantics (tests of program
   * passes: the program with wrap checks in `int` semantics must agree with gcc wherever no check fails)
   */
  readonly interpreterView?: (program: Program) => { readonly program: Program; readonly semantics: Semantics };
}

export type InterpreterOutcome =
  | { readonly kind: 'reachedError'; readonly line: number }
  /** the run ended normally after passing `checkedObservations` value checks */
  | { readonly kind: 'completed'; readonly checkedObservations: number }
  /** the value of observation `index` differs from the native run's */
  | { readonly kind: 'valueDiffers'; readonly index: number }
  /** the run reached observation `index`, for which the native run printed no value */
  | { readonly kind: 'reachedObservation'; readonly index: number }
  | { readonly kind: 'assumptionBlocked' }
  | { readonly kind: 'inputsExhausted' }
  | { readonly kind: 'undefinedBehaviour'; readonly reason: string }
  | { readonly kind: 'stepLimitReached' }
  | { readonly kind: 'invalidInput'; readonly reason: string }
  /** the interpreter chose a value C leaves indeterminate (an uninitialised object) */
  | { readonly kind: 'indeterminate' };

export type ExclusionReason = 'undefinedBehaviour' | 'indeterminate' | 'nativeTimeout' | 'nativeCouldNotRun';

export interface ValueMismatch {
  readonly expression: string;
  /** the native value, as the unsigned 64-bit number it was printed as */
  readonly nativeValue: bigint;
}

export type RunVerdict =
  | { readonly kind: 'agree' }
  | { readonly kind: 'disagree'; readonly description: string; readonly mismatch: ValueMismatch | undefined }
  | { readonly kind: 'excluded'; readonly reason: ExclusionReason };

export interface RunComparison {
  readonly inputs: readonly bigint[];
  readonly native: NativeOutcome;
  /** the values the native run printed at the marker, in the order of `observed` */
  readonly nativeValues: readonly bigint[];
  readonly interpreter: InterpreterOutcome;
  readonly verdict: RunVerdict;
}

export type DifferentialResult =
  | {
      readonly kind: 'compared';
      readonly runs: readonly RunComparison[];
      readonly compiler: string;
      readonly dataModelNote: string | undefined;
    }
  /** our front end refuses the text (input error or unsupported construct) */
  | { readonly kind: 'frontEndRefused'; readonly reason: string }
  /** our front end failed with an internal error: a bug of ours */
  | { readonly kind: 'frontEndFailed'; readonly reason: string }
  | { readonly kind: 'couldNotBuild'; readonly reason: string };

const observationPrefix = 'encode-observe ';
const declarations =
  'extern int printf(const char *__restrict, ...); extern unsigned long long __VERIFIER_nondet_ulonglong(void); extern void reach_error(void);';

interface Variants {
  readonly native: string;
  readonly interpreter: string;
  /** the line of each observation (1-based, the same in both variants) */
  readonly observationLines: readonly number[];
}

/** the native and interpreter variants of the text (the marker replaced), with the observation lines */
export function differentialVariants(program: DifferentialProgram): Variants {
  const lines = program.source.split('\n');
  const markers = lines.flatMap((line, index) => (line.trim() === observationMarker ? [index] : []));
  if (markers.length !== 1)
    throw new Error(`the C text must have the line ${observationMarker} exactly once (found ${markers.length})`);
  const marker = markers[0]!;
  const indent = /^\s*/.exec(lines[marker]!)![0];
  const value = (expression: string): string => `(unsigned long long)(${expression})`;
  const nativeLines = program.observed.map(
    (expression) => `${indent}printf("${observationPrefix}%llu\\n", ${value(expression)});`,
  );
  const interpreterLines = program.observed.map(
    (expression) => `${indent}if (${value(expression)} != __VERIFIER_nondet_ulonglong()) reach_error();`,
  );
  const assemble = (replacement: readonly string[]): string =>
    [declarations, ...lines.slice(0, marker), ...replacement, ...lines.slice(marker + 1)].join('\n');
  // line 1 is the declarations, so the marker's lines start at line marker + 2
  const observationLines = program.observed.map((_expression, index) => marker + 2 + index);
  return { native: assemble(nativeLines), interpreter: assemble(interpreterLines), observationLines };
}

/**
 * Runs the program on every input vector natively and on the interpreter and compares them. Never
 * throws for a program gcc or our front end refuses (those are results); throws for a text without
 * exactly one observation marker.
 */
export function compareWithGcc(
  program: DifferentialProgram,
  inputVectors: readonly (readonly bigint[])[],
  options: DifferentialOptions,
): DifferentialResult {
  const variants = differentialVariants(program);
  const directory = options.directory ?? mkdtempSync(join(tmpdir(), 'encode-differential-'));
  try {
    const interpreterFile = join(directory, 'interpreter.c');
    const nativeFile = join(directory, 'native.c');
    writeFileSync(interpreterFile, variants.interpreter);
    writeFileSync(nativeFile, variants.native);
    const frontEnd = runFrontEnd(interpreterFile, { dataModel: options.dataModel, preprocessor: 'builtin' });
    switch (frontEnd.kind) {
      case 'program':
        break;
      case 'inputError':
      case 'unsupported':
        return { kind: 'frontEndRefused', reason: frontEnd.diagnostics.map(formatDiagnostic).join('; ') };
      case 'internalError':
        return { kind: 'frontEndFailed', reason: frontEnd.message };
      default: {
        const never: never = frontEnd;
        throw new Error(`unknown front-end result ${JSON.stringify(never)}`);
      }
    }
    const build = buildWithHarness(nativeFile, harnessSource('stdin'), {
      dataModel: options.dataModel,
      sanitize: true,
      directory,
    });
    if (build.kind === 'couldNotBuild') return { kind: 'couldNotBuild', reason: build.reason };
    const view = options.interpreterView?.(frontEnd.program) ?? { program: frontEnd.program, semantics: 'bv' };
    const compiled = compileProgram(view.program, view.semantics);
    const runs = inputVectors.map((inputs) =>
      compareOneRun(compiled, build.binary, program, variants.observationLines, inputs, options),
    );
    return { kind: 'compared', runs, compiler: build.compiler, dataModelNote: build.dataModelNote };
  } finally {
    if (options.directory === undefined) rmSync(directory, { recursive: true, force: true });
  }
}

function compareOneRun(
  compiled: CompiledProgram,
  binary: string,
  program: DifferentialProgram,
  observationLines: readonly number[],
  inputs: readonly bigint[],
  options: DifferentialOptions,
): RunComparison {
  const native = runNative(
    binary,
    { timeoutMilliseconds: options.timeoutMilliseconds ?? 10_000 },
    inputs.map((value) => `${value}\n`).join(''),
  );
  const nativeValues = native.stdout
    .split('\n')
    .filter((line) => line.startsWith(observationPrefix))
    .map((line) => BigInt(line.slice(observationPrefix.length)));
  const interpreter = runInterpreter(compiled, observationLines, inputs, nativeValues, options.maxSteps ?? 10_000_000);
  const verdict = judge(native.outcome, nativeValues, interpreter, program.observed);
  return { inputs, native: native.outcome, nativeValues, interpreter, verdict };
}

function runInterpreter(
  compiled: CompiledProgram,
  observationLines: readonly number[],
  inputs: readonly bigint[],
  nativeValues: readonly bigint[],
  maxSteps: number,
): InterpreterOutcome {
  let nextInput = 0;
  let checkedObservations = 0;
  let usedIndeterminate = false;
  const source: NondetSource = {
    nextScalar: (type, location, origin) => {
      const observation = observationLines.indexOf(location.line);
      if (observation >= 0) {
        const value = nativeValues[observation];
        if (value !== undefined) checkedObservations = observation + 1;
        return value;
      }
      if (origin === 'indeterminate') {
        usedIndeterminate = true;
        return 0n;
      }
      const input = inputs[nextInput++];
      return input === undefined ? undefined : convertedValue(input, type);
    },
    nextArray: () => {
      usedIndeterminate = true;
      return { defaultValue: 0n, entries: new Map() };
    },
  };
  const outcome = compiled.run(source, maxSteps).outcome;
  if (usedIndeterminate) return { kind: 'indeterminate' };
  return classifyInterpreterOutcome(outcome, observationLines, checkedObservations);
}

function classifyInterpreterOutcome(
  outcome: RunOutcome,
  observationLines: readonly number[],
  checkedObservations: number,
): InterpreterOutcome {
  switch (outcome.kind) {
    case 'assertionFailed': {
      const observation = observationLines.indexOf(outcome.location.line);
      return observation >= 0
        ? { kind: 'valueDiffers', index: observation }
        : { kind: 'reachedError', line: outcome.location.line };
    }
    case 'completed':
      return { kind: 'completed', checkedObservations };
    case 'inputExhausted': {
      const observation = observationLines.indexOf(outcome.location.line);
      return observation >= 0 ? { kind: 'reachedObservation', index: observation } : { kind: 'inputsExhausted' };
    }
    case 'assumptionFailed':
      return { kind: 'assumptionBlocked' };
    case 'undefinedBehaviour':
      return { kind: 'undefinedBehaviour', reason: outcome.reason };
    case 'stepLimitReached':
      return { kind: 'stepLimitReached' };
    case 'invalidInput':
      return { kind: 'invalidInput', reason: outcome.reason };
    default: {
      const never: never = outcome;
      throw new Error(`unknown run outcome ${JSON.stringify(never)}`);
    }
  }
}

/** whether the interpreter's outcome is the native one; see the header for what is excluded */
function judge(
  native: NativeOutcome,
  nativeValues: readonly bigint[],
  interpreter: InterpreterOutcome,
  observed: readonly string[],
): RunVerdict {
  if (native.kind === 'undefinedBehaviour') return { kind: 'excluded', reason: 'undefinedBehaviour' };
  if (native.kind === 'timeout') return { kind: 'excluded', reason: 'nativeTimeout' };
  if (native.kind === 'couldNotRun') return { kind: 'excluded', reason: 'nativeCouldNotRun' };
  if (interpreter.kind === 'indeterminate') return { kind: 'excluded', reason: 'indeterminate' };
  const disagree = (mismatch?: ValueMismatch): RunVerdict => ({
    kind: 'disagree',
    mismatch,
    description: `natively the program ${describeNativeOutcome(native)}; the interpreter ${describeInterpreterOutcome(interpreter, observed, nativeValues)}`,
  });
  switch (interpreter.kind) {
    case 'reachedError':
      return native.kind === 'reachedError' ? { kind: 'agree' } : disagree();
    case 'completed':
      return native.kind === 'completed' && interpreter.checkedObservations === nativeValues.length
        ? { kind: 'agree' }
        : disagree();
    case 'valueDiffers':
      return disagree({ expression: observed[interpreter.index]!, nativeValue: nativeValues[interpreter.index]! });
    case 'assumptionBlocked':
      return native.kind === 'assumptionBlocked' || (native.kind === 'signal' && native.signal === 'SIGABRT')
        ? { kind: 'agree' }
        : disagree();
    case 'inputsExhausted':
      return native.kind === 'inputsExhausted' ? { kind: 'agree' } : disagree();
    case 'reachedObservation':
    case 'undefinedBehaviour':
    case 'stepLimitReached':
    case 'invalidInput':
      return disagree();
    default: {
      const never: never = interpreter;
      throw new Error(`unknown interpreter outcome ${JSON.stringify(never)}`);
    }
  }
}

export function describeInterpreterOutcome(
  outcome: InterpreterOutcome,
  observed: readonly string[],
  nativeValues: readonly bigint[],
): string {
  switch (outcome.kind) {
    case 'reachedError':
      return `reached the error (line ${outcome.line})`;
    case 'completed':
      return `completed after checking ${outcome.checkedObservations} of ${observed.length} observed values`;
    case 'valueDiffers':
      return `completed, but ${observed[outcome.index]} is not ${nativeValues[outcome.index]} (as unsigned long long)`;
    case 'reachedObservation':
      return `reached the observation of ${observed[outcome.index]}, which the native run did not print`;
    case 'assumptionBlocked':
      return 'ended the path silently (assume, abort or exit)';
    case 'inputsExhausted':
      return 'ran out of inputs';
    case 'undefinedBehaviour':
      return `stopped at undefined behaviour (${outcome.reason})`;
    case 'stepLimitReached':
      return 'reached its step limit';
    case 'invalidInput':
      return `rejected an input (${outcome.reason})`;
    case 'indeterminate':
      return 'chose a value C leaves indeterminate';
    default: {
      const never: never = outcome;
      throw new Error(`unknown interpreter outcome ${JSON.stringify(never)}`);
    }
  }
}
