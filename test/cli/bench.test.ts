// `encode bench` through its worker processes (src/cli/bench.ts, src/cli/bench-worker.ts): the
// verdicts (and an encoding's reasons) are those of `encode FILE --json` run in a process of its own, and a task
// whose command fails (a planted bug: an internal error; a planted hang: the watchdog ends the
// worker) is recorded as `encode` reports it while the campaign goes on with a fresh worker.

import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readResults } from '../../src/campaign/run.js';
import { encode, encodeBinary, regression } from '../support/cli.js';

const programs = ['copy-safe.c', 'counter-safe.c', 'init-unsafe.c', 'nondet-unsafe.c'];

function taskFolder(names: readonly string[]): string {
  const directory = mkdtempSync(join(tmpdir(), 'encode-bench-tasks-'));
  for (const name of names) copyFileSync(join(regression, name), join(directory, name));
  return directory;
}

function bench(
  tasks: string,
  options: readonly string[],
  environment: Record<string, string> = {},
): { status: number | null; stderr: string; results: ReturnType<typeof readResults> } {
  const out = mkdtempSync(join(tmpdir(), 'encode-bench-out-'));
  const run = spawnSync(process.execPath, [encodeBinary, 'bench', tasks, ...options, '--out-dir', out], {
    encoding: 'utf8',
    timeout: 200_000,
    env: { ...process.env, ...environment },
  });
  return { status: run.status, stderr: run.stderr, results: readResults(join(out, 'results.jsonl')) };
}

describe('encode bench in worker processes', () => {
  it(
    'gives every task the verdict and reason of encode run on it in a process of its own',
    { timeout: 300_000 },
    () => {
      const tasks = taskFolder(programs);
      const campaign = bench(tasks, [
        '--encodings',
        'bmc,viap,portfolio',
        '--jobs',
        '2',
        '--timeout',
        '10',
        '--solver',
        'z3-wasm',
      ]);
      expect(campaign.status, campaign.stderr).toBe(0);
      expect(campaign.results.length).toBe(programs.length * 3);
      for (const result of campaign.results) {
        const selection =
          result.encoding === 'portfolio'
            ? ['verify', join(tasks, result.task)]
            : [join(tasks, result.task), '--encoding', result.encoding];
        const alone = encode(...selection, '--json', '--timeout', '10', '--solver', 'z3-wasm', '--data-model', 'ILP32');
        const record = JSON.parse(alone.stdout.trim().split('\n').pop()!) as {
          verdict: string;
          reason?: string;
          decidedBy?: string;
        };
        expect(result.verdict, `${result.encoding} ${result.task}`).toBe(record.verdict);
        // which encoding of the portfolio answers first, and so its reason, depends on timing
        if (result.encoding !== 'portfolio')
          expect(result.reason, `${result.encoding} ${result.task}`).toBe(record.reason);
      }
    },
  );

  it(
    'records a task whose command fails with an internal error as a crash, with the message, and runs the rest',
    { timeout: 120_000 },
    () => {
      const campaign = bench(
        taskFolder(programs.slice(0, 2)),
        ['--encodings', 'bmc', '--jobs', '1', '--timeout', '5'],
        { ENCODE_TEST_PLANT: 'throw' },
      );
      expect(campaign.status, campaign.stderr).toBe(0);
      expect(campaign.results.map((result) => result.verdict)).toEqual(['crash', 'crash']);
      for (const result of campaign.results)
        expect(result.reason).toMatch(/^exit 70: encode: internal error: planted bug/);
    },
  );

  it(
    'records a task the watchdog ended as a timeout, and runs the next task in a fresh worker',
    { timeout: 120_000 },
    () => {
      const campaign = bench(
        taskFolder(programs.slice(0, 2)),
        ['--encodings', 'bmc', '--jobs', '1', '--timeout', '1'],
        { ENCODE_TEST_PLANT: 'hang' },
      );
      expect(campaign.status, campaign.stderr).toBe(0);
      expect(campaign.results.length).toBe(2);
      for (const result of campaign.results) {
        expect(result).toMatchObject({ verdict: 'unknown', timeout: true });
        expect(result.reason).toMatch(/^timeout \(watchdog\)/);
        expect(result.seconds).toBeLessThan(6);
      }
    },
  );
});
