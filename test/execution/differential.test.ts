// Differential test of the interpreter against gcc (src/execution/differential.ts): generated C
// programs (test/generators/c-semantics.ts) run on several input vectors each, by the interpreter
// in bv semantics and natively (gcc + UBSan), in ILP32 (when gcc links -m32 here) and LP64. Every
// compared run must agree: the error reached or not, the path ended by an assumption, and the final
// value of every object. So that a broken pipeline that compares nothing cannot pass, the test also
// requires a minimum number of compared runs, of runs that reached the error and of runs that
// completed. First, the comparison itself is checked on hand-written programs: it sees a value that
// differs, an error reached on one side only, and it excludes undefined behaviour and indeterminate
// values. The bench (bench/differential-gcc.ts) runs the same at scale.

import fc from 'fast-check';
import { expect, it } from 'vitest';
import {
  compareWithGcc,
  observationMarker,
  type DifferentialResult,
  type RunComparison,
} from '../../src/execution/differential.js';
import type { DataModel } from '../../src/ir/types.js';
import { cSemanticsProgram } from '../generators/c-semantics.js';
import { describeWith, gcc32Requirement, gccRequirement, itWith } from '../support/requirements.js';

/** programs per data model, and input vectors per program */
const programsPerDataModel = 100;
const runsPerProgram = 5;

function runsOf(result: DifferentialResult): readonly RunComparison[] {
  if (result.kind !== 'compared') throw new Error(`not compared: ${result.kind}: ${result.reason}`);
  return result.runs;
}

function program(body: string, observed: readonly string[]): { source: string; observed: readonly string[] } {
  const source = [
    'extern void reach_error(void);',
    'extern int __VERIFIER_nondet_int(void);',
    'extern void __VERIFIER_assume(int);',
    'int main(void) {',
    body,
    `  ${observationMarker}`,
    '  return 0;',
    '}',
  ].join('\n');
  return { source, observed };
}

describeWith([gccRequirement()], 'the differential comparison itself', () => {
  it('agrees on a program both sides run alike, and reports the outcome of each input', () => {
    const text = program(
      '  int x = __VERIFIER_nondet_int();\n  unsigned char c = x;\n  if (x == 7) reach_error();\n  __VERIFIER_assume(x != 8);',
      ['x', 'c'],
    );
    const runs = runsOf(compareWithGcc(text, [[300n], [7n], [8n], []], { dataModel: 'LP64' }));
    expect(runs.map((run) => run.verdict.kind)).toEqual(['agree', 'agree', 'agree', 'agree']);
    expect(runs.map((run) => run.native.kind)).toEqual([
      'completed',
      'reachedError',
      'assumptionBlocked',
      'inputsExhausted',
    ]);
    expect(runs[0]!.nativeValues).toEqual([300n, 44n]);
  });

  it('sees a value that differs, and an error reached on one side only', () => {
    // gcc defines __VERSION__, our built-in preprocessor does not: the two sides run different programs
    const value = program('  int x = 1;\n#ifdef __VERSION__\n  x = 2;\n#endif', ['x']);
    const [differing] = runsOf(compareWithGcc(value, [[]], { dataModel: 'LP64' }));
    expect(differing!.verdict).toMatchObject({ kind: 'disagree', mismatch: { expression: 'x', nativeValue: 2n } });
    const error = program('#ifdef __VERSION__\n  reach_error();\n#endif', []);
    const [reached] = runsOf(compareWithGcc(error, [[]], { dataModel: 'LP64' }));
    expect(reached!.verdict.kind).toBe('disagree');
  });

  it('counts a run that ends without reading its inputs as complete (EPIPE on its standard input)', () => {
    // the program ends before the harness reads standard input: writing it may fail (EPIPE), a race
    // that runNative (src/execution/gcc.ts) does not take for a run that could not start
    const unread = program('  int x = 5;', ['x']);
    const runs = runsOf(
      compareWithGcc(
        unread,
        Array.from({ length: 60 }, () => [1n, 2n, 3n]),
        { dataModel: 'LP64' },
      ),
    );
    expect(runs.filter((run) => run.native.kind !== 'completed').map((run) => run.native)).toEqual([]);
  });

  it('excludes undefined behaviour and values C leaves indeterminate', () => {
    const division = program('  int x = __VERIFIER_nondet_int();\n  int y = x / -1;', ['y']);
    const runs = runsOf(compareWithGcc(division, [[-2147483648n], [5n]], { dataModel: 'LP64' }));
    expect(runs.map((run) => run.verdict)).toEqual([
      { kind: 'excluded', reason: 'undefinedBehaviour' },
      { kind: 'agree' },
    ]);
    const uninitialised = program('  int x;\n  int y = x & 0;', ['y']);
    expect(runsOf(compareWithGcc(uninitialised, [[]], { dataModel: 'LP64' }))[0]!.verdict).toEqual({
      kind: 'excluded',
      reason: 'indeterminate',
    });
  });
});

interface Counts {
  programs: number;
  runs: number;
  agreements: number;
  reachedError: number;
  completed: number;
  assumptionBlocked: number;
  undefinedBehaviour: number;
  otherExclusions: number;
}

function compareGenerated(dataModel: DataModel): Counts {
  const counts: Counts = {
    programs: 0,
    runs: 0,
    agreements: 0,
    reachedError: 0,
    completed: 0,
    assumptionBlocked: 0,
    undefinedBehaviour: 0,
    otherExclusions: 0,
  };
  fc.assert(
    fc.property(cSemanticsProgram(dataModel, { runsPerProgram }), (generated) => {
      const result = compareWithGcc(generated.program, generated.inputs, { dataModel });
      counts.programs++;
      for (const run of runsOf(result)) {
        counts.runs++;
        if (run.verdict.kind === 'disagree')
          throw new Error(`inputs [${run.inputs.join(', ')}]: ${run.verdict.description}`);
        if (run.verdict.kind === 'excluded') {
          if (run.verdict.reason === 'undefinedBehaviour') counts.undefinedBehaviour++;
          else counts.otherExclusions++;
          continue;
        }
        counts.agreements++;
        if (run.native.kind === 'reachedError') counts.reachedError++;
        if (run.native.kind === 'completed') counts.completed++;
        if (run.native.kind === 'assumptionBlocked') counts.assumptionBlocked++;
      }
    }),
    { numRuns: programsPerDataModel, interruptAfterTimeLimit: 240_000 },
  );
  return counts;
}

function expectEnough(counts: Counts, dataModel: DataModel): void {
  console.log(
    `differential ${dataModel}: ${counts.programs} programs, ${counts.runs} runs: ${counts.agreements} agree (${counts.reachedError} reached the error, ` +
      `${counts.completed} completed with equal values, ${counts.assumptionBlocked} blocked by an assumption), 0 disagree, ` +
      `${counts.undefinedBehaviour} excluded for undefined behaviour, ${counts.otherExclusions} otherwise`,
  );
  expect(counts.programs).toBe(programsPerDataModel);
  expect(counts.agreements).toBeGreaterThanOrEqual(0.8 * programsPerDataModel * runsPerProgram);
  expect(counts.reachedError).toBeGreaterThanOrEqual(0.15 * programsPerDataModel * runsPerProgram);
  expect(counts.completed).toBeGreaterThanOrEqual(0.3 * programsPerDataModel * runsPerProgram);
  expect(counts.otherExclusions).toBe(0);
}

describeWith([gccRequirement()], 'the interpreter against gcc on generated programs', () => {
  it('agrees in LP64 on generated programs', { timeout: 300_000 }, () => {
    expectEnough(compareGenerated('LP64'), 'LP64');
  });

  itWith([gcc32Requirement()], 'agrees in ILP32 on generated programs (gcc -m32)', { timeout: 300_000 }, () => {
    expectEnough(compareGenerated('ILP32'), 'ILP32');
  });
});
