// The tests of a bench family written ahead of the prover (issue 43: classes where `encode verify`
// still says UNKNOWN): its programs are real safe/buggy twins, checked natively, and the verdicts
// measured today are floors. The test passes now and tightens as the provers improve:
// - at least `minPairs` pairs, each `NAME-safe.c` with its buggy twin `NAME-unsafe.c`;
// - natively (gcc with UBSan, signed overflow trapped, no -fwrapv; inputs on stdin, one value per
//   line, each of `inputs`): a safe program never reaches the error and never
//   shows undefined behaviour, and completes on some input; a buggy one reaches the error on some
//   input, without undefined behaviour before it;
// - through the portfolio (as `encode verify`): a program not listed below gets its expected verdict
//   within `timeoutMilliseconds` (decided programs answer in a second or two, the budget only covers
//   a loaded machine); a safe program listed in `unprovenSafe` and a buggy one listed in
//   `bugsNotFound` run at the short `unprovenTimeoutMilliseconds` and may be UNKNOWN, but never get
//   the wrong verdict (0 wrong in every case). A listed program that is decided now is reported in
//   the test's output, so that the list can be shortened.

import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { buildWithHarness, runNative } from '../../src/execution/gcc.js';
import { harnessSource } from '../../src/execution/harness.js';
import { runPortfolio } from '../../src/portfolio/index.js';
import { runFrontEnd } from '../../src/pipeline.js';
import { benchFamily } from './bench-family.js';
import { gccRequirement, itWith } from './requirements.js';
import { testSolver } from './solver.js';

export interface MeasuredFamilyOptions {
  /** the least number of safe/buggy pairs (default 6) */
  readonly minPairs?: number;
  /** the inputs of the native runs, one text per run, one value per line */
  readonly inputs: readonly string[];
  /** the budget of a program expected to be decided (default 20 s) */
  readonly timeoutMilliseconds?: number;
  /** the budget of a listed program (default 2 s): only its not being wrong is checked */
  readonly unprovenTimeoutMilliseconds?: number;
  /** safe programs `encode verify --timeout 10` does not prove today, with the reason */
  readonly unprovenSafe?: Readonly<Record<string, string>>;
  /** buggy programs `encode verify --timeout 10` does not find today, with the reason */
  readonly bugsNotFound?: Readonly<Record<string, string>>;
}

const harmless = new Set(['completed', 'assumptionBlocked', 'inputsExhausted']);

export function describeMeasuredFamily(folderName: string, options: MeasuredFamilyOptions): void {
  const family = benchFamily(folderName);
  const { names, expectedOf } = family;
  const unprovenSafe = options.unprovenSafe ?? {};
  const bugsNotFound = options.bugsNotFound ?? {};
  const solver = testSolver();
  afterAll(() => solver.dispose());

  describe(`bench/${folderName}`, () => {
    it(`holds at least ${options.minPairs ?? 6} safe programs, each with a buggy twin; the lists name its programs`, () => {
      const pairs = names.filter((name) => name.endsWith('-safe.c'));
      expect(pairs.length).toBeGreaterThanOrEqual(options.minPairs ?? 6);
      for (const name of pairs) expect(names).toContain(name.replace('-safe.c', '-unsafe.c'));
      for (const name of names) expect(expectedOf(name), name).toBe(name.endsWith('-safe.c') ? 'safe' : 'unsafe');
      for (const name of Object.keys(unprovenSafe)) expect(expectedOf(name), name).toBe('safe');
      for (const name of Object.keys(bugsNotFound)) expect(expectedOf(name), name).toBe('unsafe');
    });

    itWith(
      [gccRequirement()],
      'natively: no safe program reaches the error, every buggy one does on some input, no undefined behaviour',
      { timeout: 300_000 },
      () => {
        const inputs = options.inputs.map((input) => (input.endsWith('\n') ? input : `${input}\n`));
        for (const name of names) {
          const build = buildWithHarness(family.path(name), harnessSource('stdin'), {
            dataModel: 'LP64',
            sanitize: true,
            trapSignedOverflow: true,
          });
          expect(build.kind, name).toBe('built');
          if (build.kind !== 'built') continue;
          const outcomes = inputs.map(
            (input) => runNative(build.binary, { timeoutMilliseconds: 10_000 }, input).outcome,
          );
          rmSync(build.directory, { recursive: true, force: true });
          const kinds = outcomes.map((outcome) => outcome.kind);
          const unexpected = outcomes.filter(
            (outcome) => !harmless.has(outcome.kind) && outcome.kind !== 'reachedError',
          );
          expect(unexpected, name).toEqual([]);
          if (expectedOf(name) === 'safe') {
            expect(kinds, name).not.toContain('reachedError');
            expect(kinds, name).toContain('completed');
          } else expect(kinds, name).toContain('reachedError');
        }
      },
    );

    it('encode verify: 0 wrong; every program not listed gets its expected verdict', { timeout: 600_000 }, async () => {
      const decidedNow: string[] = [];
      for (const name of names) {
        const front = runFrontEnd(family.path(name), { dataModel: 'ILP32', preprocessor: 'builtin' });
        expect(front.kind, name).toBe('program');
        if (front.kind !== 'program') continue;
        const expected = expectedOf(name);
        const listed = unprovenSafe[name] !== undefined || bugsNotFound[name] !== undefined;
        const run = await runPortfolio(front.program, { semantics: 'c', settings: new Map() }, solver, {
          timeoutMilliseconds: listed
            ? (options.unprovenTimeoutMilliseconds ?? 2_000)
            : (options.timeoutMilliseconds ?? 20_000),
        });
        const label = `${name}: ${JSON.stringify(run.verdict.kind === 'unknown' ? run.verdict.reason : '')}`;
        if (listed) {
          expect([expected, 'unknown'], label).toContain(run.verdict.kind);
          if (run.verdict.kind === expected) decidedNow.push(name);
        } else expect(run.verdict.kind, label).toBe(expected);
      }
      if (decidedNow.length > 0)
        console.log(`bench/${folderName}: decided now though listed as not decided: ${decidedNow.join(', ')}`);
    });
  });
}
