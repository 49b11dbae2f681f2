// Is `--timeout S` honoured on three-dimensional arrays? Runs every program of bench/budget-3d (a
// copy of a partial block of 10^9 cells, the budget's hardest case) and of bench/arrays-3d
// (SV-COMP-style fill, copy, min/max, reverse, init + check over a[i][j][k]) through
// every registered encoding and the portfolio of `encode verify`, as a user would (the CLI, one
// process per run, one run at a time), and prints program × encoding → wall time, verdict.
//
// Columns: `wall` is the whole process; `start` the process's start-up (node and the modules, the
// median of three `encode --version`, measured once); `front` the front end's time (preprocess,
// parse, lower) from the --json record; `after` = wall − start − front, the time after the front
// end, which the budget bounds: `over` = after − S should stay under 1 s. `stages` is the number of
// portfolio attempts (or of timed phases of one encoding) the record holds: a run that the watchdog
// ended still names them.
//
//   node dist/bench/timeouts-3d.js [--timeout 10] [--solver auto|z3|z3-wasm]
//                                  [--programs copy-partial,minmax] [--encodings accel,portfolio]
//                                  [--binary path/to/bin/encode.js]   (another build, e.g. to compare)

import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { encoderNames } from '../src/encoders/index.js';
import { argumentValue } from './arguments.js';

const projectRoot = resolve(import.meta.dirname, '..', '..');
const binary = resolve(argumentValue('--binary', join(projectRoot, 'bin', 'encode.js')));
const folders = ['budget-3d', 'arrays-3d'].map((name) => join(projectRoot, 'bench', name));

interface JsonRecord {
  verdict?: string;
  reason?: string;
  times?: Record<string, number>;
  attempts?: readonly unknown[];
}

interface Row {
  readonly program: string;
  readonly encoding: string;
  readonly wall: number;
  readonly front: number;
  readonly verdict: string;
  readonly stages: number;
  readonly status: number | null;
}

const frontEndPhases = ['preprocess', 'parse', 'lower'];

function runOnce(file: string, encoding: string, timeout: number, solver: string): Omit<Row, 'program' | 'encoding'> {
  const selection = encoding === 'portfolio' ? ['verify', file] : [file, '--encoding', encoding];
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [binary, ...selection, '--timeout', String(timeout), '--solver', solver, '--json'],
    { encoding: 'utf8', timeout: (timeout + 60) * 1000 },
  );
  const wall = (performance.now() - started) / 1000;
  let record: JsonRecord;
  try {
    record = JSON.parse(result.stdout.trim().split('\n').pop() ?? '') as JsonRecord;
  } catch {
    record = { verdict: `unreadable (exit ${String(result.status)}): ${result.stderr.trim().slice(0, 60)}` };
  }
  const front = frontEndPhases.reduce((sum, phase) => sum + (record.times?.[phase] ?? 0), 0) / 1000;
  const stages =
    encoding === 'portfolio'
      ? (record.attempts?.length ?? 0)
      : Object.keys(record.times ?? {}).filter((phase) => !frontEndPhases.includes(phase) && phase !== 'total').length;
  const verdict = `${record.verdict ?? '?'}${record.reason === undefined ? '' : ` (${record.reason})`}`;
  return { wall, front, verdict, stages, status: result.status };
}

/** seconds of `encode --version`: node's start and loading the modules, which come before the front end */
function startUpSeconds(): number {
  const runs = [0, 1, 2]
    .map(() => {
      const started = performance.now();
      spawnSync(process.execPath, [binary, '--version'], { encoding: 'utf8' });
      return (performance.now() - started) / 1000;
    })
    .sort((left, right) => left - right);
  return runs[1]!;
}

function main(): void {
  const timeout = Number(argumentValue('--timeout', '10'));
  const solver = argumentValue('--solver', 'auto');
  const programFilter = argumentValue('--programs', '')
    .split(',')
    .filter((name) => name !== '');
  const encodingFilter = argumentValue('--encodings', '')
    .split(',')
    .filter((name) => name !== '');
  const programs = folders
    .flatMap((folder) =>
      readdirSync(folder)
        .filter((name) => name.endsWith('.c'))
        .sort()
        .map((name) => ({ folder, name })),
    )
    .filter(({ name }) => programFilter.length === 0 || programFilter.some((part) => name.includes(part)));
  const encodings = [...encoderNames(), 'portfolio'].filter(
    (name) => encodingFilter.length === 0 || encodingFilter.includes(name),
  );
  const start = startUpSeconds();
  console.log(
    `bench/budget-3d and bench/arrays-3d with ${binary}, --timeout ${timeout}, --solver ${solver}: seconds; over = wall − start-up − front end − ${timeout} (should stay under 1); start-up ${start.toFixed(2)}`,
  );
  console.log(
    `${'program'.padEnd(26)}${'encoding'.padEnd(10)}${'wall'.padStart(7)}${'start'.padStart(7)}${'front'.padStart(7)}${'after'.padStart(7)}${'over'.padStart(7)}${'stages'.padStart(7)}  exit  verdict`,
  );
  const rows: Row[] = [];
  for (const { folder, name: program } of programs) {
    for (const encoding of encodings) {
      const row = { program, encoding, ...runOnce(join(folder, program), encoding, timeout, solver) };
      rows.push(row);
      const after = row.wall - start - row.front;
      console.log(
        `${program.padEnd(26)}${encoding.padEnd(10)}${row.wall.toFixed(2).padStart(7)}${start.toFixed(2).padStart(7)}${row.front.toFixed(2).padStart(7)}${after.toFixed(2).padStart(7)}${(after - timeout).toFixed(2).padStart(7)}${String(row.stages).padStart(7)}  ${String(row.status).padStart(4)}  ${row.verdict.slice(0, 90)}`,
      );
    }
  }
  const late = rows.filter((row) => row.wall - start - row.front - timeout > 1);
  const worst = rows.reduce(
    (most, row) => Math.max(most, row.wall - start - row.front - timeout),
    Number.NEGATIVE_INFINITY,
  );
  console.log(
    `runs: ${rows.length}; over the budget by more than 1 s after the front end: ${late.length}${late.length === 0 ? '' : ` (${late.map((row) => `${row.program} ${row.encoding}`).join(', ')})`}; largest: ${worst.toFixed(2)} s`,
  );
}

main();
