// One campaign (10 tasks of bench/symbolic × bmc, viap, induct, 5 s each) run on one machine, then
// again through every engine: two shards in two folders merged by bench-merge, GNU parallel over two
// hosts (this machine, and a second sshd on a loopback port), and the Slurm job array (submitted to
// a running Slurm when there is one, else its slices run by this test as Slurm would, with
// SLURM_ARRAY_TASK_ID set). Each must give the same verdict for every job as the single-machine run
// and the same table up to times; a run killed halfway and rerun through the same engine redoes no
// finished job (its record files are untouched); a rerun of the local command over a merged folder
// runs nothing.

import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readResults, type CampaignResult } from '../../src/campaign/run.js';
import { encodeBinary, projectRoot } from '../support/cli.js';
import { startSshd } from '../support/sshd.js';
import { itWith, parallelRequirement, slurmRequirement, sshdRequirement } from '../support/requirements.js';

const families = ['copy-compare', 'count-after-init', 'init-read', 'max-of-index', 'decrement-sum'];
const encodings = 'bmc,viap,induct';

function temporaryDirectory(name: string): string {
  return mkdtempSync(join(tmpdir(), `encode-engines-${name}-`));
}

function taskFolder(): string {
  const directory = temporaryDirectory('tasks');
  for (const family of families)
    for (const kind of ['safe', 'unsafe'])
      copyFileSync(
        join(projectRoot, 'bench', 'symbolic', `${family}-${kind}.c`),
        join(directory, `${family}-${kind}.c`),
      );
  return directory;
}

function encode(
  argumentsList: readonly string[],
  environment: Record<string, string> = {},
): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [encodeBinary, ...argumentsList], {
    encoding: 'utf8',
    timeout: 180_000,
    env: { ...process.env, ...environment },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** job id → verdict */
function verdicts(results: readonly CampaignResult[]): Record<string, string> {
  return Object.fromEntries(
    results.map((result) => [result.job ?? '', result.verdict]).sort(([left], [right]) => left!.localeCompare(right!)),
  );
}

/** table.md without its two time columns */
function tableWithoutTimes(directory: string): string {
  return readFileSync(join(directory, 'table.md'), 'utf8')
    .split('\n')
    .map((line) => line.replace(/\| [\d.-]+ \| [\d.]+ \|$/, '|'))
    .join('\n');
}

/** each record file's modification time and text */
function recordSnapshot(directory: string): Map<string, string> {
  const records = join(directory, 'records');
  if (!existsSync(records)) return new Map();
  return new Map(
    readdirSync(records)
      .filter((name) => name.endsWith('.json'))
      .map((name) => [name, `${statSync(join(records, name)).mtimeMs} ${readFileSync(join(records, name), 'utf8')}`]),
  );
}

/** starts a command, kills its process group once `records` holds at least `count` record files */
async function killAfterRecords(
  command: string,
  argumentsList: readonly string[],
  directory: string,
  count: number,
): Promise<void> {
  await new Promise<void>((done) => {
    const child = spawn(command, argumentsList, { stdio: 'ignore', detached: true });
    const poll = setInterval(() => {
      if (recordSnapshot(directory).size >= count) {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* already over */
        }
      }
    }, 50);
    child.on('exit', () => {
      clearInterval(poll);
      done();
    });
  });
}

describe('a campaign run through each engine', () => {
  const tasks = taskFolder();
  const common = ['--encodings', encodings, '--timeout', '5'];
  const single = temporaryDirectory('single');
  let baseline: Record<string, string> = {};

  beforeAll(() => {
    const run = encode(['bench', tasks, ...common, '--jobs', '2', '--out-dir', single]);
    expect(run.status, run.stderr).toBe(0);
    baseline = verdicts(readResults(join(single, 'results.jsonl')));
    expect(Object.keys(baseline).length).toBe(30);
  }, 180_000);

  it(
    'two shards in two folders, merged, give the single-machine verdicts and table; a rerun over the merge runs nothing',
    { timeout: 180_000 },
    () => {
      const [first, second, merged] = [
        temporaryDirectory('shard0'),
        temporaryDirectory('shard1'),
        temporaryDirectory('merged'),
      ];
      for (const [shard, folder] of [
        ['0/2', first],
        ['1/2', second],
      ] as const) {
        const run = encode(['bench', tasks, ...common, '--shard', shard, '--jobs', '2', '--out-dir', folder!]);
        expect(run.status, run.stderr).toBe(0);
        expect(run.stdout).toContain(`shard ${shard}: 15 jobs, 15 run now`);
      }
      const merge = encode(['bench-merge', first!, second!, '--out-dir', merged!, '--encodings', encodings]);
      expect(merge.status, merge.stderr).toBe(0);
      expect(merge.stdout).toMatch(
        /merged 30 results \(15 from .*, 15 from .*; 0 duplicates, 0 jobs with different verdicts\)/,
      );
      expect(verdicts(readResults(join(merged!, 'results.jsonl')))).toEqual(baseline);
      expect(tableWithoutTimes(merged!)).toBe(tableWithoutTimes(single));
      const rerun = encode(['bench', tasks, ...common, '--jobs', '2', '--out-dir', merged!]);
      expect(rerun.status, rerun.stderr).toBe(0);
      expect(rerun.stdout).toMatch(/30 results in .* \(0 run now, 30 resumed\)/);
    },
  );

  itWith(
    [parallelRequirement(), sshdRequirement()],
    'GNU parallel over two hosts (here and a second sshd), killed and resumed, gives the same verdicts and table and redoes no finished job',
    { timeout: 240_000 },
    async (context) => {
      const sshd = await startSshd(temporaryDirectory('sshd'), 22_000 + Math.floor(Math.random() * 20_000));
      // where sshd cannot start (no privileges for it), parallel's two local slots stand in for the two hosts
      if (sshd.kind === 'failed') context.annotate(`sshd did not start (${sshd.reason}); two local slots instead`);
      const logins = sshd.kind === 'started' ? ['1/:', `1/${sshd.sshLogin}`] : ['2/:'];
      const folder = temporaryDirectory('parallel');
      const argumentsList = [
        'bench',
        tasks,
        ...common,
        '--engine',
        'parallel',
        ...logins.flatMap((login) => ['--sshlogin', login]),
        '--out-dir',
        folder,
      ];
      try {
        await killAfterRecords(process.execPath, [encodeBinary, ...argumentsList], folder, 8);
        const before = recordSnapshot(folder);
        expect(before.size).toBeGreaterThanOrEqual(8);
        expect(before.size).toBeLessThan(30);
        const resumed = encode(argumentsList);
        expect(resumed.status, resumed.stderr).toBe(0);
        expect(resumed.stdout).toContain(`parallel --jobs 1 --joblog ${join(folder, 'parallel.joblog')} --resume`);
        const after = recordSnapshot(folder);
        expect(after.size).toBe(30);
        for (const [name, snapshot] of before) expect(after.get(name), `${name} was run again`).toBe(snapshot);
        expect(verdicts(readResults(join(folder, 'results.jsonl')))).toEqual(baseline);
        expect(tableWithoutTimes(folder)).toBe(tableWithoutTimes(single));
        // both hosts ran jobs: parallel's joblog names the host of each
        const hosts = new Set(
          readFileSync(join(folder, 'parallel.joblog'), 'utf8')
            .trim()
            .split('\n')
            .slice(1)
            .map((line) => line.split('\t')[1]),
        );
        if (sshd.kind === 'started') expect(hosts).toEqual(new Set([':', sshd.sshLogin]));
      } finally {
        if (sshd.kind === 'started') sshd.stop();
      }
    },
  );

  it(
    'the Slurm job array: a checked script whose slices, run with SLURM_ARRAY_TASK_ID, killed and rerun, then merged, give the same verdicts and table',
    { timeout: 240_000 },
    async () => {
      const folder = temporaryDirectory('slurm');
      const written = encode(['bench', tasks, ...common, '--engine', 'slurm', '--slices', '3', '--out-dir', folder]);
      expect(written.status, written.stderr).toBe(0);
      const script = join(folder, 'slurm-array.sh');
      const text = readFileSync(script, 'utf8');
      expect(text).toContain('#SBATCH --array=0-2');
      expect(text).toMatch(/--shard "\$\{SLURM_ARRAY_TASK_ID\}\/3"/);
      for (const name of ['slurm-array.sh', 'slurm-merge.sh', 'slurm-submit.sh'])
        expect(spawnSync('bash', ['-n', join(folder, name)]).status, name).toBe(0);
      // slice 0 killed halfway, then every slice run to the end as Slurm would run them
      await killAfterRecords('bash', ['-c', `SLURM_ARRAY_TASK_ID=0 exec bash ${script}`], folder, 3);
      const before = recordSnapshot(folder);
      expect(before.size).toBeGreaterThanOrEqual(3);
      expect(before.size).toBeLessThan(10);
      for (const slice of [0, 1, 2]) {
        const run = spawnSync('bash', [script], {
          encoding: 'utf8',
          timeout: 180_000,
          env: { ...process.env, SLURM_ARRAY_TASK_ID: String(slice) },
        });
        expect(run.status, run.stderr).toBe(0);
      }
      const after = recordSnapshot(folder);
      expect(after.size).toBe(30);
      for (const [name, snapshot] of before) expect(after.get(name), `${name} was run again`).toBe(snapshot);
      const merge = spawnSync('bash', [join(folder, 'slurm-merge.sh')], { encoding: 'utf8', timeout: 120_000 });
      expect(merge.status, merge.stderr).toBe(0);
      expect(verdicts(readResults(join(folder, 'results.jsonl')))).toEqual(baseline);
      expect(tableWithoutTimes(folder)).toBe(tableWithoutTimes(single));
    },
  );

  itWith(
    [slurmRequirement()],
    'the Slurm job array submitted to a running Slurm, with the merge after it, gives the same verdicts',
    { timeout: 240_000 },
    async () => {
      const folder = temporaryDirectory('sbatch');
      const written = encode(['bench', tasks, ...common, '--engine', 'slurm', '--slices', '3', '--out-dir', folder]);
      expect(written.status, written.stderr).toBe(0);
      const submitted = spawnSync('bash', [join(folder, 'slurm-submit.sh')], { encoding: 'utf8', timeout: 60_000 });
      expect(submitted.status, submitted.stderr).toBe(0);
      const mergeJob = /(\d+)\s*$/.exec(submitted.stdout.trim())?.[1];
      expect(mergeJob).toBeDefined();
      // the merge job runs last: wait until Slurm no longer lists it
      for (let waited = 0; waited < 200; waited++) {
        const queue = spawnSync('squeue', ['--noheader', '--jobs', mergeJob!], { encoding: 'utf8' });
        if (queue.status !== 0 || queue.stdout.trim() === '') break;
        await new Promise((done) => setTimeout(done, 1000));
      }
      expect(readdirSync(join(folder, 'slurm')).filter((name) => name.startsWith('slice-')).length).toBe(3);
      expect(verdicts(readResults(join(folder, 'results.jsonl')))).toEqual(baseline);
      expect(tableWithoutTimes(folder)).toBe(tableWithoutTimes(single));
    },
  );
});
