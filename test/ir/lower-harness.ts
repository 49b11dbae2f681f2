// Test support for lowering: parse + lower C text, run the IR on the interpreter, and compile the
// same C text with gcc against a harness that plays the same nondeterministic values, so outcomes
// can be compared (differential testing of lowering against a real C compiler).

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { parseTranslationUnit } from '../../src/frontend/parse.js';
import { runProgram } from '../../src/interp/interpreter.js';
import { createCounterexampleSource } from '../../src/interp/sources.js';
import type { NondetSource } from '../../src/interp/run-types.js';
import { type LowerResult, lowerTranslationUnit } from '../../src/ir/lower/index.js';
import type { DataModel, Program } from '../../src/ir/types.js';

export function lowerSource(source: string, dataModel: DataModel = 'LP64'): LowerResult {
  const parsed = parseTranslationUnit(source, 'test.c');
  if (parsed.kind !== 'parsed') throw new Error(`syntax error: ${JSON.stringify(parsed.diagnostics)}`);
  return lowerTranslationUnit(parsed.unit, 'test.c', { dataModel });
}

/** 'lowered', or the lowering's diagnostic messages joined */
export function diagnosticOf(source: string): string {
  const lowered = lowerSource(source);
  return lowered.kind === 'lowered'
    ? 'lowered'
    : lowered.diagnostics.map((diagnostic) => diagnostic.message).join('; ');
}

export function lowerOrFail(source: string, dataModel: DataModel = 'LP64'): Program {
  const result = lowerSource(source, dataModel);
  if (result.kind !== 'lowered') throw new Error(`not lowered: ${JSON.stringify(result.diagnostics)}`);
  return result.program;
}

export type Outcome = 'error' | 'ended' | 'completed' | 'other';

/** Runs with the given scalar choices; every havocked array is all zeros (tests fill arrays before reading). */
export function interpret(program: Program, values: readonly bigint[]): Outcome | string {
  const arrays = Array.from({ length: 64 }, () => ({ defaultValue: 0n, entries: new Map<bigint, bigint>() }));
  const outcome = runProgram(program, {
    semantics: 'bv',
    nondet: createCounterexampleSource({ scalars: values, arrays }),
    maxSteps: 2_000_000,
  });
  switch (outcome.kind) {
    case 'assertionFailed':
      return 'error';
    case 'assumptionFailed':
      return 'ended';
    case 'completed':
      return 'completed';
    default:
      return JSON.stringify(outcome, (_key, value) => (typeof value === 'bigint' ? String(value) : value));
  }
}

/**
 * Runs with the given values fed to the nondet calls in order, as the gcc harness does; values C
 * leaves indeterminate (uninitialised locals, fresh blocks) are 0 and take no input (tests never read them).
 */
export function interpretInputs(program: Program, inputs: readonly bigint[]): Outcome | string {
  let next = 0;
  const nondet: NondetSource = {
    nextScalar: (_type, _location, origin) => (origin === 'indeterminate' ? 0n : inputs[next++]),
    nextArray: () => ({ defaultValue: 0n, entries: new Map() }),
  };
  const outcome = runProgram(program, { semantics: 'bv', nondet, maxSteps: 2_000_000 });
  switch (outcome.kind) {
    case 'assertionFailed':
      return 'error';
    case 'assumptionFailed':
      return 'ended';
    case 'completed':
      return 'completed';
    default:
      return outcome.kind;
  }
}

const harness = `
#include <stdlib.h>
#include <unistd.h>
static long long values[4096]; static int count, position;
static long long next(void) { if (position >= count) _exit(97); return values[position++]; }
int __VERIFIER_nondet_int(void) { return (int) next(); }
void reach_error(void) { _exit(99); }
void __VERIFIER_error(void) { _exit(99); }
void harness_abort(void) { _exit(98); }
void harness_exit(int status) { (void) status; _exit(98); }
void __VERIFIER_assume(int condition) { if (!condition) _exit(98); }
int program_main(void);
int main(int argc, char **argv) { for (int i = 1; i < argc; i++) values[count++] = atoll(argv[i]); program_main(); return 0; }
`;

let gccAvailable: boolean | undefined;
export function hasGcc(): boolean {
  if (gccAvailable === undefined) gccAvailable = spawnSync('gcc', ['--version']).status === 0;
  return gccAvailable;
}

/** Compiles the program with gcc (LP64, wrapping signed arithmetic like the IR's bv semantics). */
export function compileWithGcc(source: string): string {
  const directory = mkdtempSync(join(tmpdir(), 'lower-'));
  onTestFinished(() => rmSync(directory, { recursive: true, force: true }));
  writeFileSync(join(directory, 'harness.c'), harness);
  writeFileSync(join(directory, 'program.c'), source);
  const binary = join(directory, 'program');
  execFileSync(
    'gcc',
    [
      '-w',
      '-O0',
      '-fwrapv',
      '-c',
      '-Dmain=program_main',
      '-Dabort=harness_abort',
      '-Dexit=harness_exit',
      '-include',
      'stdlib.h',
      join(directory, 'program.c'),
      '-o',
      join(directory, 'program.o'),
    ],
    { stdio: 'pipe' },
  );
  execFileSync('gcc', ['-w', '-O0', join(directory, 'program.o'), join(directory, 'harness.c'), '-o', binary], {
    stdio: 'pipe',
  });
  return binary;
}

export function runCompiled(binary: string, values: readonly bigint[]): Outcome {
  const result = spawnSync(binary, values.map(String), { timeout: 10_000 });
  switch (result.status) {
    case 99:
      return 'error';
    case 98:
      return 'ended';
    case 0:
      return 'completed';
    default:
      return 'other';
  }
}
