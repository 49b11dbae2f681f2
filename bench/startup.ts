// Start-up and front end of `encode` in fresh processes, against `node -e 0` and `gcc -fsyntax-only`
// measured in the same run (issue 28): `encode --help`, `--emit ir` on a 50-line program
// (bench/startup/fifty-lines.c: preprocess + parse + lower; also with --preprocessor builtin) and
// on the largest file of ../shared/bench/sv-arrays. Uses hyperfine when it is installed (Debian: apt-get install hyperfine),
// else times repeated runs itself (wall-clock only). Prints wall and CPU times and the ratios the
// issue asks about. With --campaign it also times `encode bench` over bench/symbolic (one
// encoding, --jobs 1), which takes about a minute.
//
//   node dist/bench/startup.js [--runs 20] [--campaign] [--encoding bmc] [--timeout 10]

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { argumentValue } from './arguments.js';
import { corpusManifest } from './corpus-manifest.js';

const projectRoot = resolve(import.meta.dirname, '..', '..');
const encodeBinary = join(projectRoot, 'bin', 'encode.js');
const fiftyLines = join(projectRoot, 'bench', 'startup', 'fifty-lines.c');
const corpusRoot = process.env['ENCODE_CORPUS'] ?? resolve(projectRoot, '..', 'shared', 'bench', 'sv-arrays');

/** one timed command: mean wall-clock and CPU (user + system) milliseconds per run */
interface Timing {
  readonly name: string;
  readonly wallMilliseconds: number;
  /** undefined when only the wall clock was measured (no hyperfine) */
  readonly cpuMilliseconds: number | undefined;
}

interface Command {
  readonly name: string;
  readonly argv: readonly string[];
}

function hasHyperfine(): boolean {
  return spawnSync('hyperfine', ['--version'], { stdio: 'ignore' }).status === 0;
}

function quote(argument: string): string {
  return /^[\w./=:-]+$/.test(argument) ? argument : `'${argument.replace(/'/g, "'\\''")}'`;
}

/** every command under hyperfine in one run (-N: no shell), read back from its JSON export */
function timeWithHyperfine(commands: readonly Command[], runs: number): Timing[] {
  const directory = mkdtempSync(join(tmpdir(), 'encode-startup-'));
  const exportFile = join(directory, 'times.json');
  const argv = ['-N', '--warmup', '3', '--runs', String(runs), '--export-json', exportFile, '--style', 'none'];
  for (const command of commands) argv.push('--command-name', command.name, command.argv.map(quote).join(' '));
  const run = spawnSync('hyperfine', argv, { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  if (run.status !== 0) throw new Error(`hyperfine failed: ${run.stderr}`);
  const results = (
    JSON.parse(readFileSync(exportFile, 'utf8')) as {
      results: { command: string; mean: number; user: number; system: number }[];
    }
  ).results;
  rmSync(directory, { recursive: true, force: true });
  return results.map((result) => ({
    name: result.command,
    wallMilliseconds: result.mean * 1000,
    cpuMilliseconds: (result.user + result.system) * 1000,
  }));
}

/** without hyperfine: each command run `runs` times after 3 warm-up runs, interleaved, wall clock only */
function timeWithTimer(commands: readonly Command[], runs: number): Timing[] {
  const totals = commands.map(() => 0);
  for (let round = -3; round < runs; round++) {
    commands.forEach((command, index) => {
      const started = performance.now();
      const run = spawnSync(command.argv[0]!, command.argv.slice(1), { stdio: 'ignore' });
      if (run.status !== 0 && run.status !== 20) throw new Error(`${command.name} exited ${run.status}`);
      if (round >= 0) totals[index]! += performance.now() - started;
    });
  }
  return commands.map((command, index) => ({
    name: command.name,
    wallMilliseconds: totals[index]! / runs,
    cpuMilliseconds: undefined,
  }));
}

/** the phase times (preprocess, parse, lower) the command itself reports with --json */
function frontEndPhases(file: string): Record<string, number> {
  const run = spawnSync(process.execPath, [encodeBinary, file, '--emit', 'ir', '-o', '/dev/null', '--json'], {
    encoding: 'utf8',
  });
  const record = JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as { times?: Record<string, number> };
  return record.times ?? {};
}

/** the sv-arrays program with the most lines (undefined without the corpus) */
function largestCorpusFile(): string | undefined {
  let tasks;
  try {
    tasks = corpusManifest(corpusRoot);
  } catch {
    return undefined;
  }
  const sized = tasks.map((task) => ({ file: task.file, lines: readFileSync(task.file, 'utf8').split('\n').length }));
  sized.sort((left, right) => right.lines - left.lines);
  return sized[0]?.file;
}

function milliseconds(value: number | undefined): string {
  return value === undefined ? '-' : `${value.toFixed(1)} ms`;
}

function printTable(timings: readonly Timing[]): void {
  const width = Math.max(...timings.map((timing) => timing.name.length));
  process.stdout.write(`${'command'.padEnd(width)}  ${'wall'.padStart(10)}  ${'CPU'.padStart(10)}\n`);
  for (const timing of timings)
    process.stdout.write(
      `${timing.name.padEnd(width)}  ${milliseconds(timing.wallMilliseconds).padStart(10)}  ${milliseconds(timing.cpuMilliseconds).padStart(10)}\n`,
    );
}

function ratio(numerator: number | undefined, denominator: number | undefined): string {
  return numerator === undefined || denominator === undefined ? '-' : `${(numerator / denominator).toFixed(2)}x`;
}

function main(): void {
  const runs = Number(argumentValue('--runs', '20'));
  const largest = largestCorpusFile();
  const node = process.execPath;
  const commands: Command[] = [
    { name: 'node -e 0', argv: [node, '-e', '0'] },
    { name: 'encode --help', argv: [node, encodeBinary, '--help'] },
    {
      name: 'encode fifty-lines.c --emit ir',
      argv: [node, encodeBinary, fiftyLines, '--emit', 'ir', '-o', '/dev/null'],
    },
    {
      name: 'encode fifty-lines.c --emit ir --preprocessor builtin',
      argv: [node, encodeBinary, fiftyLines, '--emit', 'ir', '-o', '/dev/null', '--preprocessor', 'builtin'],
    },
    { name: 'gcc -fsyntax-only fifty-lines.c', argv: ['gcc', '-fsyntax-only', fiftyLines] },
  ];
  if (largest !== undefined) {
    commands.push({
      name: 'encode largest --emit ir',
      argv: [node, encodeBinary, largest, '--emit', 'ir', '-o', '/dev/null'],
    });
    commands.push({ name: 'gcc -fsyntax-only largest', argv: ['gcc', '-fsyntax-only', largest] });
  }
  const hyperfine = hasHyperfine();
  process.stdout.write(
    `start-up of encode: ${runs} runs each, ${hyperfine ? 'hyperfine' : 'own timer (no hyperfine: wall clock only)'}; largest sv-arrays file: ${largest ?? 'corpus absent'}\n\n`,
  );
  const timings = hyperfine ? timeWithHyperfine(commands, runs) : timeWithTimer(commands, runs);
  printTable(timings);
  const byName = new Map(timings.map((timing) => [timing.name, timing]));
  const nodeTiming = byName.get('node -e 0')!;
  const help = byName.get('encode --help')!;
  const fifty = byName.get('encode fifty-lines.c --emit ir')!;
  process.stdout.write('\n');
  process.stdout.write(
    `--help / node -e 0 (wall): ${ratio(help.wallMilliseconds, nodeTiming.wallMilliseconds)} (goal: at most 1.30x)\n`,
  );
  const builtin = byName.get('encode fifty-lines.c --emit ir --preprocessor builtin')!;
  process.stdout.write(
    `50 lines --emit ir above node -e 0 (wall): ${milliseconds(fifty.wallMilliseconds - nodeTiming.wallMilliseconds)} (goal: under 60 ms); its phases: ${JSON.stringify(roundTimes(frontEndPhases(fiftyLines)))}\n`,
  );
  process.stdout.write(
    `  the same with the built-in preprocessor (no cpp processes): ${milliseconds(builtin.wallMilliseconds - nodeTiming.wallMilliseconds)}\n`,
  );
  if (largest !== undefined) {
    const encodeLargest = byName.get('encode largest --emit ir')!;
    const gccLargest = byName.get('gcc -fsyntax-only largest')!;
    const aboveNode =
      encodeLargest.cpuMilliseconds === undefined || nodeTiming.cpuMilliseconds === undefined
        ? undefined
        : encodeLargest.cpuMilliseconds - nodeTiming.cpuMilliseconds;
    const phases = frontEndPhases(largest);
    const phaseTotal = (phases['preprocess'] ?? 0) + (phases['parse'] ?? 0) + (phases['lower'] ?? 0);
    process.stdout.write(
      `largest file, CPU above node -e 0 / gcc's CPU: ${ratio(aboveNode, gccLargest.cpuMilliseconds)}; its phases (${milliseconds(phaseTotal)}: ${JSON.stringify(roundTimes(phases))}) / gcc's CPU: ${ratio(phaseTotal, gccLargest.cpuMilliseconds)} (goal: within 10x)\n`,
    );
  }
  if (process.argv.includes('--campaign')) timeCampaign();
}

function roundTimes(times: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(times).map(([phase, value]) => [phase, Math.round(value * 10) / 10]));
}

/** `encode bench` over bench/symbolic with one encoding and one job: total wall time and counts */
function timeCampaign(): void {
  const encoding = argumentValue('--encoding', 'bmc');
  const timeout = argumentValue('--timeout', '10');
  const out = mkdtempSync(join(tmpdir(), 'encode-startup-campaign-'));
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    [
      encodeBinary,
      'bench',
      join(projectRoot, 'bench', 'symbolic'),
      '--encodings',
      encoding,
      '--jobs',
      '1',
      '--timeout',
      timeout,
      '--out-dir',
      out,
    ],
    { encoding: 'utf8' },
  );
  const seconds = (performance.now() - started) / 1000;
  const row = run.stdout.split('\n').find((line) => line.startsWith(`| ${encoding} |`)) ?? '(no summary row)';
  process.stdout.write(
    `\nencode bench bench/symbolic --encodings ${encoding} --jobs 1 --timeout ${timeout}: ${seconds.toFixed(1)} s in all\n${row}\n`,
  );
  rmSync(out, { recursive: true, force: true });
}

main();
