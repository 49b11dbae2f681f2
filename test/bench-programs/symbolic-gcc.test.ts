// The bench/symbolic pairs of issue 26 (cell recurrences `recurrence-*`, triangular nests
// `triangle-*`) compiled with gcc and run natively (src/execution: the harness reads N from standard
// input): a safe twin never reaches reach_error for N = 1 … 6, 10, 33 and 100, a buggy twin reaches it
// for some N <= 6. Their only nondeterministic input is N, so these runs are the programs' truth in C.
// Skips with a reason where gcc is missing.

import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildWithHarness, runNative } from '../../src/execution/gcc.js';
import { harnessSource } from '../../src/execution/harness.js';
import { familyFolder } from '../support/symbolic-programs.js';
import { itWith, gccRequirement } from '../support/requirements.js';

const names = readdirSync(familyFolder)
  .filter((name) => /^(recurrence|triangle)-.*\.c$/.test(name))
  .sort();
const sizes = [1, 2, 3, 4, 5, 6, 10, 33, 100];

describe('bench/symbolic issue-26 pairs natively (gcc)', () => {
  it('holds at least 20 pairs', () => {
    expect(names.filter((name) => name.endsWith('-safe.c')).length).toBeGreaterThanOrEqual(20);
    for (const name of names.filter((each) => each.endsWith('-safe.c')))
      expect(names).toContain(name.replace('-safe.c', '-unsafe.c'));
  });

  itWith(
    [gccRequirement()],
    'every safe twin completes for every N, every buggy twin reaches the error for some N <= 6',
    { timeout: 300_000 },
    () => {
      for (const name of names) {
        const path = join(familyFolder, name);
        const expected = /^\/\/ expected: (safe|unsafe)/.exec(readFileSync(path, 'utf8'))?.[1];
        const build = buildWithHarness(path, harnessSource('stdin'), { dataModel: 'LP64', sanitize: true });
        expect(build.kind, `${name}: ${build.kind === 'couldNotBuild' ? build.reason : ''}`).toBe('built');
        if (build.kind !== 'built') continue;
        const outcomes = sizes.map(
          (size) => runNative(build.binary, { timeoutMilliseconds: 10_000 }, `${size}\n`).outcome.kind,
        );
        rmSync(build.directory, { recursive: true, force: true });
        if (expected === 'safe') expect(outcomes, name).toEqual(sizes.map(() => 'completed'));
        else expect(outcomes.slice(0, 6), name).toContain('reachedError');
      }
    },
  );
});
