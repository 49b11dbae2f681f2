// One family of bench/ (a folder of C programs, each `NAME-safe.c` with a buggy twin `NAME-unsafe.c`
// whose first line is `// expected: safe|unsafe`), as the tests of test/bench-programs read it, and
// a native run of one of its programs (gcc with UBSan, inputs on stdin), and the standard tests of a
// family whose programs all take the portfolio's verdict (describeStandardFamily).

import { conciseAssumptions, wrapText } from '../../src/cli/format.js';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildWithHarness, runNative, type NativeOutcome } from '../../src/execution/gcc.js';
import { harnessSource } from '../../src/execution/harness.js';
import { runPortfolio } from '../../src/portfolio/index.js';
import { runFrontEnd } from '../../src/pipeline.js';
import { gccRequirement, itWith } from './requirements.js';
import { testSolver } from './solver.js';
import type { Verdict } from '../../src/verdict.js';

export interface BenchFamily {
  readonly folder: string;
  /** the programs' file names, sorted */
  readonly names: readonly string[];
  /** the verdict a program's first line expects */
  expectedOf(name: string): string | undefined;
  path(name: string): string;
}

export function benchFamily(folderName: string): BenchFamily {
  const folder = join(import.meta.dirname, '..', '..', 'bench', folderName);
  const names = readdirSync(folder)
    .filter((name) => name.endsWith('.c'))
    .sort();
  return {
    folder,
    names,
    expectedOf: (name) => /^\/\/ expected: (safe|unsafe)/.exec(readFileSync(join(folder, name), 'utf8'))?.[1],
    path: (name) => join(folder, name),
  };
}

/**
 * the outcome kinds of native runs of one program (built once, LP64, UBSan on), one per input, in
 * order; with `stopAfter`, the runs stop after the first outcome of that kind (a test that asks
 * whether some input reaches the error needs none of the runs after the first that does)
 */
export function nativeOutcomes(
  family: BenchFamily,
  name: string,
  inputs: readonly string[],
  stopAfter?: NativeOutcome['kind'],
): string[] | undefined {
  const build = buildWithHarness(family.path(name), harnessSource('stdin'), { dataModel: 'LP64', sanitize: true });
  expect(build.kind, name).toBe('built');
  if (build.kind !== 'built') return undefined;
  try {
    const outcomes: string[] = [];
    for (const input of inputs) {
      const kind = runNative(build.binary, { timeoutMilliseconds: 10_000 }, input).outcome.kind;
      outcomes.push(kind);
      if (kind === stopAfter) break;
    }
    return outcomes;
  } finally {
    rmSync(build.directory, { recursive: true, force: true });
  }
}

export interface StandardFamilyOptions {
  /** the sizes n the native runs read first */
  readonly sizes: readonly number[];
  /** the values of the nondet calls after n, one per line (or several such lists, each run with every size) */
  readonly otherInputs: string | readonly string[];
  /** the verdict test's time limit per program */
  readonly timeoutMilliseconds?: number;
  /** programs this test does not run natively, by name, with the reason (too many inputs for the stdin harness, arrays beyond memory) */
  readonly notRunNatively?: Readonly<Record<string, string>>;
  /**
   * buggy programs whose bug no run can reach (arrays beyond any memory), by name, with the reason:
   * no counterexample can be replayed, so their verdict must be UNKNOWN (never SAFE)
   */
  readonly bugsBeyondReplay?: Readonly<Record<string, string>>;
  /**
   * safe programs the portfolio does not prove yet at the time limit, by name, with the reason: their
   * verdict may be UNKNOWN (never UNSAFE); a SAFE verdict is accepted too
   */
  readonly unprovenSafe?: Readonly<Record<string, string>>;
}

/** a SAFE's assumptions, said once each and folded (src/cli/format.ts), fit the three lines `encode` prints without cutting them */
export function expectConciseAssumptions(name: string, verdict: Verdict): void {
  if (verdict.kind !== 'safe') return;
  expect(
    wrapText(`assuming: ${conciseAssumptions(verdict.assumptions)}`, 98).length,
    `${name}: ${verdict.assumptions.join('; ')}`,
  ).toBeLessThanOrEqual(3);
}

/**
 * The three tests of a family whose programs all take the portfolio's verdict: at least ten pairs;
 * natively (gcc, UBSan on) every safe program completes for each size and every buggy one reaches
 * the error for some size; `encode verify` (the portfolio, 10 s) gives every program its expected
 * verdict (UNKNOWN for a buggy program listed in bugsBeyondReplay; SAFE or UNKNOWN for a safe one
 * listed in unprovenSafe).
 */
export function describeStandardFamily(folderName: string, options: StandardFamilyOptions): void {
  const family = benchFamily(folderName);
  const { names, expectedOf } = family;
  const solver = testSolver();
  afterAll(() => solver.dispose());

  describe(`bench/${folderName}`, () => {
    it('holds at least ten safe programs, each with a buggy twin', () => {
      const pairs = names.filter((name) => name.endsWith('-safe.c'));
      expect(pairs.length).toBeGreaterThanOrEqual(10);
      for (const name of pairs) expect(names).toContain(name.replace('-safe.c', '-unsafe.c'));
    });

    itWith(
      [gccRequirement()],
      'natively: every safe program completes, every buggy one reaches the error for some n',
      { timeout: 300_000 },
      () => {
        const others = typeof options.otherInputs === 'string' ? [options.otherInputs] : options.otherInputs;
        for (const name of names.filter((candidate) => options.notRunNatively?.[candidate] === undefined)) {
          const outcomes = nativeOutcomes(
            family,
            name,
            others.flatMap((other) => options.sizes.map((size) => `${size}\n${other}\n`)),
            expectedOf(name) === 'safe' ? undefined : 'reachedError',
          );
          if (outcomes === undefined) continue;
          if (expectedOf(name) === 'safe') expect(outcomes, name).toEqual(outcomes.map(() => 'completed'));
          else expect(outcomes, name).toContain('reachedError');
        }
      },
    );

    it('encode verify gives every program its expected verdict', { timeout: 600_000 }, async () => {
      for (const name of names) {
        const front = runFrontEnd(family.path(name), { dataModel: 'ILP32', preprocessor: 'builtin' });
        expect(front.kind, name).toBe('program');
        if (front.kind !== 'program') continue;
        const run = await runPortfolio(front.program, { semantics: 'c', settings: new Map() }, solver, {
          timeoutMilliseconds: options.timeoutMilliseconds ?? 10_000,
        });
        const beyondReplay = expectedOf(name) === 'unsafe' && options.bugsBeyondReplay?.[name] !== undefined;
        const unproven = expectedOf(name) === 'safe' && options.unprovenSafe?.[name] !== undefined;
        const label = `${name}: ${JSON.stringify(run.verdict.kind === 'unknown' ? run.verdict.reason : '')}`;
        if (unproven) expect(['safe', 'unknown'], label).toContain(run.verdict.kind);
        else expect(run.verdict.kind, label).toBe(beyondReplay ? 'unknown' : expectedOf(name));
        expectConciseAssumptions(name, run.verdict);
      }
    });
  });
}
