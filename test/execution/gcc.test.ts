// Building with the harness (src/execution/gcc.ts): the harness is compiled once per process and
// its object linked with each program built the same way. Programs built one after the other with
// the same harness each end with the harness's statuses (a program's own reach_error is replaced by
// the harness's, its inputs read from stdin); a harness text that does not compile still fails the
// build with gcc's message (the link takes the .c file then).

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import { buildWithHarness, runNative } from '../../src/execution/gcc.js';
import { harnessSource } from '../../src/execution/harness.js';
import { gccRequirement, itWith } from '../support/requirements.js';

const folder = mkdtempSync(join(tmpdir(), 'encode-gcc-test-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function programFile(name: string, bound: number): string {
  const path = join(folder, name);
  writeFileSync(
    path,
    `extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}
int main(void) { int n = __VERIFIER_nondet_int(); if (n > ${bound}) { reach_error(); return 1; } return 0; }
`,
  );
  return path;
}

describe('gcc builds with the harness', () => {
  itWith(
    [gccRequirement()],
    'programs built one after the other each link the harness and run with it',
    { timeout: 60_000 },
    () => {
      for (const [name, bound] of [
        ['first.c', 3],
        ['second.c', 5],
        ['third.c', 5],
      ] as const) {
        const build = buildWithHarness(programFile(name, bound), harnessSource('stdin'), {
          dataModel: 'LP64',
          sanitize: true,
        });
        expect(build.kind, name).toBe('built');
        if (build.kind !== 'built') continue;
        try {
          expect(runNative(build.binary, { timeoutMilliseconds: 10_000 }, `${bound + 1}\n`).outcome.kind, name).toBe(
            'reachedError',
          );
          expect(runNative(build.binary, { timeoutMilliseconds: 10_000 }, `${bound}\n`).outcome, name).toEqual({
            kind: 'completed',
            status: 0,
          });
        } finally {
          rmSync(build.directory, { recursive: true, force: true });
        }
      }
    },
  );

  itWith(
    [gccRequirement()],
    'a harness with fixed inputs is the one linked (not an earlier one)',
    { timeout: 60_000 },
    () => {
      for (const input of [9n, 1n, 9n]) {
        const build = buildWithHarness(programFile('fixed.c', 4), harnessSource([input]), {
          dataModel: 'LP64',
          sanitize: false,
        });
        expect(build.kind).toBe('built');
        if (build.kind !== 'built') continue;
        try {
          expect(runNative(build.binary, { timeoutMilliseconds: 10_000 }).outcome.kind, String(input)).toBe(
            input > 4n ? 'reachedError' : 'completed',
          );
        } finally {
          rmSync(build.directory, { recursive: true, force: true });
        }
      }
    },
  );

  itWith(
    [gccRequirement()],
    "a harness that does not compile fails the build with gcc's message",
    { timeout: 60_000 },
    () => {
      const build = buildWithHarness(programFile('broken.c', 3), 'this is not C;\n', {
        dataModel: 'LP64',
        sanitize: false,
      });
      expect(build.kind).toBe('couldNotBuild');
      if (build.kind === 'couldNotBuild') expect(build.reason).toMatch(/does not link with the harness/);
    },
  );
});
