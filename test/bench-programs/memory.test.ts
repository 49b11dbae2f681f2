// bench/memory (issue 27, item 4): memset (whole, inner ranges, byte patterns), memcpy (whole, into
// an offset), a pointer bound to `a + 2`, an array passed as `a + 1`, `*(a + i)`; each safe program
// with a buggy twin. Natively (gcc, UBSan on): a safe program completes for n = 3 … 10 and 33, a buggy
// one reaches reach_error for some n. Through `encode verify` (the portfolio, 10 s): every program
// gets its expected verdict, with no internal error or unsupported construct on the way.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildWithHarness, runNative } from '../../src/execution/gcc.js';
import { harnessSource } from '../../src/execution/harness.js';
import { runPortfolio } from '../../src/portfolio/index.js';
import { runFrontEnd } from '../../src/pipeline.js';
import { gccRequirement, itWith } from '../support/requirements.js';
import { testSolver } from '../support/solver.js';

const folder = join(import.meta.dirname, '..', '..', 'bench', 'memory');
const names = readdirSync(folder).filter((name) => name.endsWith('.c')).sort();
const expectedOf = (name: string): string | undefined => /^\/\/ expected: (safe|unsafe)/.exec(readFileSync(join(folder, name), 'utf8'))?.[1];
const sizes = [3, 4, 5, 6, 7, 8, 9, 10, 33];
const otherInputs = Array.from({ length: 80 }, (_, index) => String((index * 5) % 9 - 2)).join('\n');

const solver = testSolver();
afterAll(() => solver.dispose());

describe('bench/memory', () => {
  it('holds a safe program and a buggy twin for each case', () => {
    const pairs = names.filter((name) => name.endsWith('-safe.c'));
    expect(pairs.length).toBeGreaterThanOrEqual(8);
    for (const name of pairs) expect(names).toContain(name.replace('-safe.c', '-unsafe.c'));
  });

  itWith([gccRequirement()], 'natively: every safe program completes, every buggy one reaches the error for some n', { timeout: 300_000 }, () => {
    for (const name of names) {
      const build = buildWithHarness(join(folder, name), harnessSource('stdin'), { dataModel: 'LP64', sanitize: true });
      expect(build.kind, name).toBe('built');
      if (build.kind !== 'built') continue;
      const outcomes = sizes.map((size) => runNative(build.binary, { timeoutMilliseconds: 10_000 }, `${size}\n${otherInputs}\n`).outcome.kind);
      if (expectedOf(name) === 'safe') expect(outcomes, name).toEqual(sizes.map(() => 'completed'));
      else expect(outcomes, name).toContain('reachedError');
    }
  });

  it('encode verify gives every program its expected verdict', { timeout: 600_000 }, async () => {
    for (const name of names) {
      const front = runFrontEnd(join(folder, name), { dataModel: 'ILP32', preprocessor: 'builtin' });
      expect(front.kind, name).toBe('program');
      if (front.kind !== 'program') continue;
      const run = await runPortfolio(front.program, { semantics: 'c', settings: new Map() }, solver, { timeoutMilliseconds: 10_000 });
      expect(run.verdict.kind, `${name}: ${JSON.stringify(run.verdict.kind === 'unknown' ? run.verdict.reason : '')}`).toBe(expectedOf(name));
    }
  });
});
