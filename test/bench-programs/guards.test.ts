// bench/guards (issue 27, item 1): programs guarded against oversized allocations (abort, exit,
// assume_abort_if_not, __VERIFIER_assume) on blocks from malloc/calloc, each beside a plain twin on
// VLAs without the guard. Natively (gcc, UBSan on): a safe program completes for N = 1, 2, 3, 6, 10, 33
// and a buggy one reaches reach_error for some of them. Through `encode verify` (the portfolio,
// 10 s): every program gets its expected verdict, the same as its plain twin; induct alone decides
// the guarded safe programs as it decides the plain ones (the guards became assumptions before the
// loops: analysis/guard-assumptions.ts).

import { expectConciseAssumptions } from '../support/bench-family.js';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildWithHarness, runNative } from '../../src/execution/gcc.js';
import { harnessSource } from '../../src/execution/harness.js';
import { runPortfolio } from '../../src/portfolio/index.js';
import { runFrontEnd } from '../../src/pipeline.js';
import { gccRequirement, itWith } from '../support/requirements.js';
import { testSolver } from '../support/solver.js';
import { solveWith } from '../support/encoding.js';
import { encoders } from '../../src/encoders/index.js';

const folder = join(import.meta.dirname, '..', '..', 'bench', 'guards');
const names = readdirSync(folder)
  .filter((name) => name.endsWith('.c'))
  .sort();
const expectedOf = (name: string): string | undefined =>
  /^\/\/ expected: (safe|unsafe)/.exec(readFileSync(join(folder, name), 'utf8'))?.[1];
const sizes = [1, 2, 3, 6, 10, 33];
const otherInputs = Array.from({ length: 40 }, (_, index) => String(((index * 7) % 11) - 3)).join('\n');

const solver = testSolver();
afterAll(() => solver.dispose());

describe('bench/guards', () => {
  it('holds at least 10 pairs, each with its plain twins', () => {
    const pairs = names.filter((name) => /-safe\.c$/.test(name) && !name.includes('-plain-'));
    expect(pairs.length).toBeGreaterThanOrEqual(10);
    for (const name of pairs) {
      for (const twin of ['-unsafe.c', '-plain-safe.c', '-plain-unsafe.c'])
        expect(names).toContain(name.replace('-safe.c', twin));
    }
  });

  itWith(
    [gccRequirement()],
    'natively: every safe program completes, every buggy one reaches the error for some N',
    { timeout: 300_000 },
    () => {
      for (const name of names) {
        const build = buildWithHarness(join(folder, name), harnessSource('stdin'), {
          dataModel: 'LP64',
          sanitize: true,
        });
        expect(build.kind, name).toBe('built');
        if (build.kind !== 'built') continue;
        const outcomes = sizes.map(
          (size) => runNative(build.binary, { timeoutMilliseconds: 10_000 }, `${size}\n${otherInputs}\n`).outcome.kind,
        );
        rmSync(build.directory, { recursive: true, force: true });
        if (expectedOf(name) === 'safe')
          expect(
            outcomes.every((outcome) => outcome === 'completed' || outcome === 'assumptionBlocked'),
            `${name}: ${outcomes.join(', ')}`,
          ).toBe(true);
        else expect(outcomes, name).toContain('reachedError');
      }
    },
  );

  it('encode verify: the expected verdict, the same as the plain twin', { timeout: 600_000 }, async () => {
    const verdicts = new Map<string, string>();
    for (const name of names) {
      const front = runFrontEnd(join(folder, name), { dataModel: 'ILP32', preprocessor: 'builtin' });
      expect(front.kind, name).toBe('program');
      if (front.kind !== 'program') continue;
      const run = await runPortfolio(front.program, { semantics: 'c', settings: new Map() }, solver, {
        timeoutMilliseconds: 10_000,
      });
      verdicts.set(name, run.verdict.kind);
      expect(run.verdict.kind, name).toBe(expectedOf(name));
      expectConciseAssumptions(name, run.verdict);
    }
    for (const name of names.filter((each) => each.includes('-plain-'))) {
      expect(verdicts.get(name.replace('-plain-', '-')), name).toBe(verdicts.get(name));
    }
  });

  // induct alone, not through the portfolio: which lane answers first there depends on the load
  it('induct alone decides the guarded safe programs as SAFE', { timeout: 300_000 }, async () => {
    const induct = encoders.get('induct')!;
    const guardedSafe = names.filter((name) => !name.includes('-plain-') && name.endsWith('-safe.c'));
    const safe: string[] = [];
    for (const name of guardedSafe) {
      const front = runFrontEnd(join(folder, name), { dataModel: 'ILP32', preprocessor: 'builtin' });
      if (front.kind !== 'program') continue;
      const run = await solveWith(induct, front.program, { semantics: 'c', timeoutMilliseconds: 10_000 }, solver);
      expect(run.verdict.kind, name).not.toBe('unsafe');
      if (run.verdict.kind === 'safe') safe.push(name);
    }
    // measured with Debian z3: 9 of the 10 (shift-copy is viap's, guarded or not)
    expect(safe.length, safe.join(', ')).toBeGreaterThanOrEqual(8);
  });
});
