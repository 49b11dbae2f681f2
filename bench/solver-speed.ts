// The embedded z3-wasm against Debian's z3, in the same run (issue 42): the README's example ten
// times with each solver, each round also timing `node -e 0` (interleaved: a load that changes
// during the run weighs on all alike; wall and CPU medians, the ratios to z3 and to `node -e 0`), then `verify --timeout T --json` in fresh processes on
// every k-th program of bench/symbolic and of the sv-arrays corpus. Prints the medians, their ratio,
// the verdicts each solver decides (and any disagreement), the peak memory (GNU time's maximum
// resident set, when /usr/bin/time exists), and where the time goes: the milliseconds of each
// portfolio stage (encoding), summed over the sample, with the z3-wasm / z3 ratio per stage.
// The sets `campaign-symbolic` and `campaign-corpus` run every program of the set as `encode bench`
// does (`--jobs 1`: one worker process runs the tasks one after the other, so the solver's module
// starts once and its code stays warm), both solvers in turn, and print the same tables from the
// campaign's results (wall seconds per task as the campaign measures them, and its stage times).
// `--variants` compares other configurations than the two solvers, interleaved per program (A, B,
// A, B: a machine whose load changes during the run weighs on both alike), each ratio against the
// first variant: `LABEL=SOLVER [NODE-FLAG…] [NAME=VALUE…] [@ENCODE-BINARY]` separated by `;`, where
// the node flags (starting with `--`) go before bin/encode.js, NAME=VALUE into the environment, and
// `@PATH` runs another build's bin/encode.js (a checkout of an earlier commit, for before/after), e.g.
// `--variants 'plain=z3-wasm;liftoff=z3-wasm --liftoff-only;before=z3-wasm @/tmp/before/bin/encode.js'`.
//
//   node dist/bench/solver-speed.js [--runs 10] [--every 10] [--offset 0] [--timeout 10]
//        [--sets readme,symbolic,corpus,campaign-symbolic,campaign-corpus] [--variants SPEC] [--per-program]

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

/** one configuration measured: a solver, with node flags and environment of its own */
interface Variant {
  readonly label: string;
  readonly solver: string;
  readonly nodeFlags: readonly string[];
  readonly environment: Readonly<Record<string, string>>;
  /** the bin/encode.js this variant runs (this build's unless `@PATH` names another) */
  readonly binary: string;
}

/** the variants of `--variants` (see the header), by default Debian's z3, then z3-wasm */
function parseVariants(specification: string): Variant[] {
  return specification
    .split(';')
    .filter((part) => part.trim() !== '')
    .map((part) => {
      const [head = '', ...rest] = part.trim().split(/\s+/);
      const [label = head, solver = head] = head.includes('=') ? head.split('=') : [head, head];
      const nodeFlags = rest.filter((word) => word.startsWith('--'));
      const environment = Object.fromEntries(
        rest
          .filter((word) => !word.startsWith('--') && !word.startsWith('@') && word.includes('='))
          .map((word) => word.split('=', 2)),
      ) as Record<string, string>;
      const binary = rest.find((word) => word.startsWith('@'))?.slice(1) ?? encodeBinary;
      return { label, solver, nodeFlags, environment, binary };
    });
}

/** `--per-program`: a row per program with each variant's verdict and seconds */
const perProgram = process.argv.includes('--per-program');
const variants = parseVariants(argumentValue('--variants', 'z3;z3-wasm'));

const runs = Number(argumentValue('--runs', '10'));
const every = Number(argumentValue('--every', '10'));
/** `--offset O`: the programs at O, O + k, O + 2k, … (bench/symbolic lists each safe program before its buggy twin) */
const offset = Number(argumentValue('--offset', '0'));
const timeoutSeconds = Number(argumentValue('--timeout', '10'));
const sets = argumentValue('--sets', 'readme,symbolic,corpus').split(',');
const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

interface Measured {
  readonly wallMilliseconds: number;
  /** user + system CPU time in ms (undefined without GNU time) */
  readonly cpuMilliseconds: number | undefined;
  /** peak resident set in MB (undefined without GNU time) */
  readonly peakMegabytes: number | undefined;
  readonly stdout: string;
}

function measure(argv: readonly string[], environment: Readonly<Record<string, string>> = {}): Measured {
  const started = performance.now();
  const options = { encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, ...environment } } as const;
  const run =
    gnuTime === undefined
      ? spawnSync(argv[0]!, argv.slice(1), options)
      : spawnSync(gnuTime, ['-f', 'peak-kb %M cpu-s %U %S', ...argv], options);
  const wallMilliseconds = performance.now() - started;
  const peak = /peak-kb (\d+)/.exec(run.stderr ?? '');
  const cpu = /cpu-s ([\d.]+) ([\d.]+)/.exec(run.stderr ?? '');
  return {
    wallMilliseconds,
    cpuMilliseconds: cpu === null ? undefined : (Number(cpu[1]) + Number(cpu[2])) * 1000,
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

/** `median wall, median CPU` of runs (CPU only with GNU time) */
function medians(list: readonly Measured[]): { wall: number; cpu: number | undefined } {
  const cpus = list.flatMap((entry) => (entry.cpuMilliseconds === undefined ? [] : [entry.cpuMilliseconds]));
  return { wall: median(list.map((entry) => entry.wallMilliseconds)), cpu: cpus.length > 0 ? median(cpus) : undefined };
}

function describeMedians(times: { wall: number; cpu: number | undefined }): string {
  return `median ${times.wall.toFixed(0)} ms wall${times.cpu === undefined ? '' : `, ${times.cpu.toFixed(0)} ms CPU`}`;
}

/** the README's example, `runs` rounds of: `node -e 0`, then each variant (see the header) */
function readme(): void {
  console.log(`## README example (${runs} runs each, interleaved): node bin/encode.js test/regression/copy-safe.c`);
  const node: Measured[] = [];
  const measured = variants.map((): Measured[] => []);
  for (let run = 0; run < runs; run++) {
    node.push(measure([process.execPath, '-e', '0']));
    variants.forEach((variant, index) =>
      measured[index]!.push(
        measure(
          [process.execPath, ...variant.nodeFlags, variant.binary, readmeExample, '--solver', variant.solver],
          variant.environment,
        ),
      ),
    );
  }
  const nodeTimes = medians(node);
  console.log(`node -e 0: ${describeMedians(nodeTimes)}`);
  const times = measured.map(medians);
  variants.forEach((variant, index) => {
    const list = measured[index]!;
    const peaks = list.flatMap((entry) => (entry.peakMegabytes === undefined ? [] : [entry.peakMegabytes]));
    const verdicts = new Set(list.map((entry) => entry.stdout.split('\n')[0]?.trim()));
    const walls = list.map((entry) => entry.wallMilliseconds.toFixed(0)).join(' ');
    console.log(
      `${variant.label}: ${describeMedians(times[index]!)} (${(times[index]!.wall / nodeTimes.wall).toFixed(1)}x node -e 0), peak ${peaks.length > 0 ? Math.max(...peaks).toFixed(0) : '?'} MB, answers: ${[...verdicts].join(' | ')}; walls: ${walls}`,
    );
  });
  for (let index = 1; index < variants.length; index++)
    console.log(
      `ratio ${variants[index]!.label} / ${variants[0]!.label}: ${(times[index]!.wall / times[0]!.wall).toFixed(2)} wall${times[index]!.cpu === undefined || times[0]!.cpu === undefined ? '' : `, ${(times[index]!.cpu! / times[0]!.cpu!).toFixed(2)} CPU`}`,
    );
}

interface Result {
  readonly verdict: string;
  /** the encoding (stage) whose verdict it is, when the record names one */
  readonly decidedBy?: string | undefined;
  readonly wallMilliseconds: number;
  readonly peakMegabytes: number | undefined;
  readonly stages: ReadonlyMap<string, number>;
}

function verify(task: CampaignTask, variant: Variant): Result {
  const argv = [
    process.execPath,
    ...variant.nodeFlags,
    variant.binary,
    'verify',
    task.file,
    '--solver',
    variant.solver,
    '--timeout',
    String(timeoutSeconds),
  ];
  const measured = measure([...argv, '--json', '--data-model', task.dataModel], variant.environment);
  let stages = new Map<string, number>();
  let verdict = 'error';
  let decidedBy: string | undefined;
  try {
    const record = JSON.parse(measured.stdout) as {
      verdict?: { kind?: string } | string;
      attempts?: unknown;
      decidedBy?: string;
    };
    decidedBy = record.decidedBy;
    verdict = typeof record.verdict === 'string' ? record.verdict : (record.verdict?.kind ?? 'error');
    stages = new Map(Object.entries(stageMilliseconds(record.attempts)));
  } catch {
    verdict = 'error';
  }
  return {
    verdict: verdict.toLowerCase(),
    decidedBy,
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
  const tasks = loaded.tasks.filter((_, index) => index % every === offset % every);
  const results = variants.map((): Result[] => []);
  for (const task of tasks) variants.forEach((variant, index) => results[index]!.push(verify(task, variant)));
  printTables(
    `${name}: every ${every}th program from the ${offset % every}th (${tasks.length}), verify --timeout ${timeoutSeconds}`,
    tasks,
    results,
  );
}

/** the verdicts, medians, peaks and stage times of every variant on the same tasks, ratios to the first */
function printTables(title: string, tasks: readonly CampaignTask[], results: readonly (readonly Result[])[]): void {
  console.log(`## ${title}`);
  console.log('| variant | safe | unsafe | unknown | no record | wrong | median (s) | max (s) | peak memory (MB) |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  variants.forEach((variant, variantIndex) => {
    const list = results[variantIndex]!;
    const count = (kind: string): number => list.filter((result) => result.verdict === kind).length;
    const wrong = list.filter(
      (result, index) =>
        (result.verdict === 'safe' && tasks[index]!.expected === 'unsafe') ||
        (result.verdict === 'unsafe' && tasks[index]!.expected === 'safe'),
    ).length;
    const walls = list.map((result) => result.wallMilliseconds / 1000);
    const peaks = list.flatMap((result) => (result.peakMegabytes === undefined ? [] : [result.peakMegabytes]));
    console.log(
      `| ${variant.label} | ${count('safe')} | ${count('unsafe')} | ${count('unknown')} | ${count('error')} | ${wrong} | ${median(walls).toFixed(2)} | ${Math.max(...walls).toFixed(2)} | ${peaks.length > 0 ? Math.max(...peaks).toFixed(0) : '?'} |`,
    );
  });
  variants.forEach((variant, variantIndex) => {
    const tally = new Map<string, number>();
    for (const result of results[variantIndex]!)
      if (result.decidedBy !== undefined) tally.set(result.decidedBy, (tally.get(result.decidedBy) ?? 0) + 1);
    const counts = [...tally].map(([stage, count]) => `${stage} ${count}`).join(', ');
    if (counts !== '') console.log(`decided by (${variant.label}): ${counts}`);
  });
  if (perProgram) {
    console.log(`| program | ${variants.map((variant) => variant.label).join(' | ')} |`);
    console.log(`|---|${variants.map(() => '---|').join('')}`);
    for (const [index, task] of tasks.entries())
      console.log(
        `| ${task.id} | ${results.map((list) => `${list[index]!.verdict} ${(list[index]!.wallMilliseconds / 1000).toFixed(2)} ${list[index]!.decidedBy ?? ''} ${list[index]!.peakMegabytes?.toFixed(0) ?? '?'} MB`).join(' | ')} |`,
      );
  }
  const first = results[0]!;
  const firstLabel = variants[0]!.label;
  for (let variantIndex = 1; variantIndex < variants.length; variantIndex++) {
    const other = results[variantIndex]!;
    const label = variants[variantIndex]!.label;
    const ratio = median(other.map((result) => result.wallMilliseconds)) / median(first.map((r) => r.wallMilliseconds));
    // the median of the per-program ratios: each program compared with itself, run beside it
    const ratios = median(other.map((result, index) => result.wallMilliseconds / first[index]!.wallMilliseconds));
    console.log(
      `median ratio ${label} / ${firstLabel}: ${ratio.toFixed(2)} (median of per-program ratios ${ratios.toFixed(2)})`,
    );
    for (const [index, task] of tasks.entries())
      if (first[index]!.verdict !== other[index]!.verdict)
        console.log(
          `different verdicts: ${task.id}: ${firstLabel} ${first[index]!.verdict}, ${label} ${other[index]!.verdict}`,
        );
  }
  const stageNames = [...new Set(results.flatMap((list) => list.flatMap((result) => [...result.stages.keys()])))];
  const labels = variants.map((variant) => variant.label);
  console.log(
    `| stage | ${labels.map((label) => `${label} (s, summed)`).join(' | ')} | ${labels
      .slice(1)
      .map((label) => `${label} / ${firstLabel}`)
      .join(' | ')} |`,
  );
  console.log(
    `|---|${labels.map(() => '---|').join('')}${labels
      .slice(1)
      .map(() => '---|')
      .join('')}`,
  );
  for (const stage of stageNames) {
    const sums = results.map(
      (list) => list.reduce((total, result) => total + (result.stages.get(stage) ?? 0), 0) / 1000,
    );
    const ratios = sums.slice(1).map((sum) => (sums[0]! > 0 ? (sum / sums[0]!).toFixed(2) : '-'));
    console.log(`| ${stage} | ${sums.map((sum) => sum.toFixed(2)).join(' | ')} | ${ratios.join(' | ')} |`);
  }
  const peaks = results.flatMap((list, variantIndex) =>
    list.flatMap((result, index) =>
      result.peakMegabytes === undefined ? [] : [{ megabytes: result.peakMegabytes, variantIndex, index }],
    ),
  );
  const highest = peaks.reduce<(typeof peaks)[number] | undefined>(
    (best, entry) => (best === undefined || entry.megabytes > best.megabytes ? entry : best),
    undefined,
  );
  if (highest !== undefined)
    console.log(
      `highest peak: ${highest.megabytes.toFixed(0)} MB (${variants[highest.variantIndex]!.label}, ${tasks[highest.index]!.id})`,
    );
}

/** every task of the set as `encode bench --jobs 1` runs it, under each solver in turn (warm workers) */
function campaign(name: string, source: string): void {
  const loaded = loadTasks(source);
  if (loaded.kind === 'error') {
    console.log(`## ${name}: skipped (${loaded.message})`);
    return;
  }
  const tasks = loaded.tasks;
  const results: Result[][] = [];
  for (const variant of variants) {
    const directory = mkdtempSync(join(tmpdir(), 'solver-speed-'));
    const argv = ['bench', source, '--encodings', 'portfolio', '--jobs', '1', '--timeout', String(timeoutSeconds)];
    const run = measure(
      [
        process.execPath,
        ...variant.nodeFlags,
        variant.binary,
        ...argv,
        '--solver',
        variant.solver,
        '--out-dir',
        directory,
      ],
      variant.environment,
    );
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
    results.push(tasks.map((task) => byTask.get(task.id) ?? missing));
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
