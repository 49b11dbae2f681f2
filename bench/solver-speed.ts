// The embedded z3-wasm against Debian's z3, in the same run (issue 42): the README's example ten
// times with each solver beside `node -e 0`, then `verify --timeout T --json` in fresh processes on
// every k-th program of bench/symbolic and of the sv-arrays corpus. Prints the medians, their ratio,
// the verdicts each solver decides (and any disagreement), the peak memory (GNU time's maximum
// resident set, when /usr/bin/time exists), and where the time goes: the milliseconds of each
// portfolio stage (encoding), summed over the sample, with the z3-wasm / z3 ratio per stage.
// The sets `campaign-symbolic` and `campaign-corpus` run every program of the set as `encode bench`
// does (`--jobs 1`: one worker process runs the tasks one after the other, so the solver's module
// starts once and its code stays warm), both solvers in turn, and print the same tables from the
// campaign's results (wall seconds per task as the campaign measures them, and its stage times).
//
//   node dist/bench/solver-speed.js [--runs 10] [--every 10] [--timeout 10]
//        [--sets readme,symbolic,corpus,campaign-symbolic,campaign-corpus]

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { stageMilliseconds } from '../src/campaign/run.js';
import { loadTasks, type CampaignTask } from '../src/campaign/tasks.js';
import { argumentValue } from './arguments.js';

const projectRoot = resolve(import.meta.dirname, '..', '..');
const encodeBinary = join(projectRoot, 'bin', 'encode.js');
const readmeExample = join(projectRoot, 'test', 'regression', 'copy-safe.c');
const corpusManifest = resolve(projectRoot, '..', 'shared', 'bench', 'sv-arrays', 'manifest.json');
const solvers = ['z3', 'z3-wasm'] as const;
type SolverName = (typeof solvers)[number];

const runs = Number(argumentValue('--runs', '10'));
const every = Number(argumentValue('--every', '10'));
const timeoutSeconds = Number(argumentValue('--timeout', '10'));
const sets = argumentValue('--sets', 'readme,symbolic,corpus').split(',');
const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

interface Measured {
  readonly wallMilliseconds: number;
  /** peak resident set in MB (undefined without GNU time) */
  readonly peakMegabytes: number | undefined;
  readonly stdout: string;
}

function measure(argv: readonly string[]): Measured {
  const started = performance.now();
  const run =
    gnuTime === undefined
      ? spawnSync(argv[0]!, argv.slice(1), { encoding: 'utf8', maxBuffer: 1 << 28 })
      : spawnSync(gnuTime, ['-f', 'peak-kb %M', ...argv], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const wallMilliseconds = performance.now() - started;
  const peak = /peak-kb (\d+)/.exec(run.stderr ?? '');
  return {
    wallMilliseconds,
    peakMegabytes: peak === null ? undefined : Number(peak[1]) / 1024,
    stdout: run.stdout ?? '',
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function readme(): void {
  const node = Array.from({ length: runs }, () => measure([process.execPath, '-e', '0']).wallMilliseconds);
  console.log(`## README example (${runs} runs each): node bin/encode.js test/regression/copy-safe.c`);
  console.log(`node -e 0: median ${median(node).toFixed(0)} ms`);
  const medians = new Map<SolverName, number>();
  for (const solver of solvers) {
    const measured = Array.from({ length: runs }, () =>
      measure([process.execPath, encodeBinary, readmeExample, '--solver', solver]),
    );
    const wall = median(measured.map((entry) => entry.wallMilliseconds));
    medians.set(solver, wall);
    const peaks = measured.flatMap((entry) => (entry.peakMegabytes === undefined ? [] : [entry.peakMegabytes]));
    const verdicts = new Set(measured.map((entry) => entry.stdout.split('\n')[0]?.trim()));
    console.log(
      `${solver}: median ${wall.toFixed(0)} ms, peak ${peaks.length > 0 ? Math.max(...peaks).toFixed(0) : '?'} MB, answers: ${[...verdicts].join(' | ')}`,
    );
  }
  console.log(`ratio z3-wasm / z3: ${(medians.get('z3-wasm')! / medians.get('z3')!).toFixed(2)}`);
}

interface Result {
  readonly verdict: string;
  readonly wallMilliseconds: number;
  readonly peakMegabytes: number | undefined;
  readonly stages: ReadonlyMap<string, number>;
}

function verify(task: CampaignTask, solver: SolverName): Result {
  const argv = [
    process.execPath,
    encodeBinary,
    'verify',
    task.file,
    '--solver',
    solver,
    '--timeout',
    String(timeoutSeconds),
  ];
  const measured = measure([...argv, '--json', '--data-model', task.dataModel]);
  let stages = new Map<string, number>();
  let verdict = 'error';
  try {
    const record = JSON.parse(measured.stdout) as { verdict?: { kind?: string } | string; attempts?: unknown };
    verdict = typeof record.verdict === 'string' ? record.verdict : (record.verdict?.kind ?? 'error');
    stages = new Map(Object.entries(stageMilliseconds(record.attempts)));
  } catch {
    verdict = 'error';
  }
  return {
    verdict: verdict.toLowerCase(),
    wallMilliseconds: measured.wallMilliseconds,
    peakMegabytes: measured.peakMegabytes,
    stages,
  };
}

function sample(name: string, source: string): void {
  const loaded = loadTasks(source);
  if (loaded.kind === 'error') {
    console.log(`## ${name}: skipped (${loaded.message})`);
    return;
  }
  const tasks = loaded.tasks.filter((_, index) => index % every === 0);
  const results = new Map<SolverName, Result[]>(solvers.map((solver) => [solver, []]));
  for (const task of tasks) for (const solver of solvers) results.get(solver)!.push(verify(task, solver));
  printTables(
    `${name}: every ${every}th program (${tasks.length}), verify --timeout ${timeoutSeconds}`,
    tasks,
    results,
  );
}

/** the verdicts, medians, peaks and stage times of both solvers on the same tasks */
function printTables(
  title: string,
  tasks: readonly CampaignTask[],
  results: ReadonlyMap<SolverName, readonly Result[]>,
): void {
  console.log(`## ${title}`);
  console.log('| solver | safe | unsafe | unknown | no record | wrong | median (s) | max (s) | peak memory (MB) |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const solver of solvers) {
    const list = results.get(solver)!;
    const count = (kind: string): number => list.filter((result) => result.verdict === kind).length;
    const wrong = list.filter(
      (result, index) =>
        (result.verdict === 'safe' && tasks[index]!.expected === 'unsafe') ||
        (result.verdict === 'unsafe' && tasks[index]!.expected === 'safe'),
    ).length;
    const walls = list.map((result) => result.wallMilliseconds / 1000);
    const peaks = list.flatMap((result) => (result.peakMegabytes === undefined ? [] : [result.peakMegabytes]));
    console.log(
      `| ${solver} | ${count('safe')} | ${count('unsafe')} | ${count('unknown')} | ${count('error')} | ${wrong} | ${median(walls).toFixed(2)} | ${Math.max(...walls).toFixed(2)} | ${peaks.length > 0 ? Math.max(...peaks).toFixed(0) : '?'} |`,
    );
  }
  const native = results.get('z3')!;
  const wasm = results.get('z3-wasm')!;
  const ratio = median(wasm.map((result) => result.wallMilliseconds)) / median(native.map((r) => r.wallMilliseconds));
  console.log(`median ratio z3-wasm / z3: ${ratio.toFixed(2)}`);
  const differing = tasks.flatMap((task, index) =>
    native[index]!.verdict === wasm[index]!.verdict
      ? []
      : [`${task.id}: z3 ${native[index]!.verdict}, z3-wasm ${wasm[index]!.verdict}`],
  );
  for (const line of differing) console.log(`different verdicts: ${line}`);
  const stageNames = [...new Set([...native, ...wasm].flatMap((result) => [...result.stages.keys()]))];
  console.log('| stage | z3 (s, summed) | z3-wasm (s, summed) | ratio |');
  console.log('|---|---|---|---|');
  for (const stage of stageNames) {
    const sum = (list: readonly Result[]): number =>
      list.reduce((total, result) => total + (result.stages.get(stage) ?? 0), 0) / 1000;
    const [a, b] = [sum(native), sum(wasm)];
    console.log(`| ${stage} | ${a.toFixed(2)} | ${b.toFixed(2)} | ${a > 0 ? (b / a).toFixed(2) : '-'} |`);
  }
}

/** every task of the set as `encode bench --jobs 1` runs it, under each solver in turn (warm workers) */
function campaign(name: string, source: string): void {
  const loaded = loadTasks(source);
  if (loaded.kind === 'error') {
    console.log(`## ${name}: skipped (${loaded.message})`);
    return;
  }
  const tasks = loaded.tasks;
  const results = new Map<SolverName, Result[]>();
  for (const solver of solvers) {
    const directory = mkdtempSync(join(tmpdir(), 'solver-speed-'));
    const argv = ['bench', source, '--encodings', 'portfolio', '--jobs', '1', '--timeout', String(timeoutSeconds)];
    const run = measure([process.execPath, encodeBinary, ...argv, '--solver', solver, '--out-dir', directory]);
    const byTask = new Map<string, Result>();
    const lines = existsSync(join(directory, 'results.jsonl'))
      ? readFileSync(join(directory, 'results.jsonl'), 'utf8').split('\n')
      : [];
    for (const line of lines.filter((text) => text.trim() !== '')) {
      const record = JSON.parse(line) as {
        task: string;
        verdict: string;
        seconds: number;
        stageMilliseconds?: Record<string, number>;
      };
      byTask.set(record.task, {
        verdict: record.verdict,
        wallMilliseconds: record.seconds * 1000,
        peakMegabytes: run.peakMegabytes,
        stages: new Map(Object.entries(record.stageMilliseconds ?? {})),
      });
    }
    rmSync(directory, { recursive: true, force: true });
    const missing: Result = {
      verdict: 'error',
      wallMilliseconds: Number.NaN,
      peakMegabytes: undefined,
      stages: new Map(),
    };
    results.set(
      solver,
      tasks.map((task) => byTask.get(task.id) ?? missing),
    );
  }
  printTables(
    `${name}: every program (${tasks.length}) in one bench worker, verify --timeout ${timeoutSeconds}`,
    tasks,
    results,
  );
}

if (sets.includes('readme')) readme();
if (sets.includes('symbolic')) sample('bench/symbolic', join(projectRoot, 'bench', 'symbolic'));
if (sets.includes('corpus')) sample('sv-arrays corpus', corpusManifest);
if (sets.includes('campaign-symbolic')) campaign('bench/symbolic', join(projectRoot, 'bench', 'symbolic'));
if (sets.includes('campaign-corpus')) campaign('sv-arrays corpus', corpusManifest);
