// Is `--timeout S` honoured? Runs every registered encoding (and the portfolio of `encode verify`) through the CLI, as a user would, on
// programs that need more than the budget, and prints the wall-clock time of the whole process
// against S (the front end and process start-up included). The kernel should stop every encoding
// within S plus start-up; the watchdog (S + 1 s) is only a last resort.
//
//   node dist/bench/timeouts.js [--timeout 10] [--solver z3|z3-wasm|auto]

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { encoderNames } from '../src/encoders/index.js';
import { argumentValue } from './arguments.js';

const projectRoot = resolve(import.meta.dirname, '..', '..');
const binary = join(projectRoot, 'bin', 'encode.js');

const prelude = `extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "t.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
extern int __VERIFIER_nondet_int(void);
`;

/** nine loops in sequence over one array: a[i] = 1, then a[i] += k for k = 2..8, then a[i] == 36 */
function nineLoops(): string {
  const adds = [2, 3, 4, 5, 6, 7, 8].map((k) => `  for (i = 0; i < 100000; i++) a[i] = a[i] + ${k};`).join('\n');
  return `${prelude}int a[100000];
int main() {
  int i;
  for (i = 0; i < 100000; i++) a[i] = 1;
${adds}
  for (i = 0; i < 100000; i++) __VERIFIER_assert(a[i] == 36);
  return 0;
}
`;
}

/** init from nondet values, copy, compare: hard for every encoding at this size */
function copyCompare(): string {
  return `${prelude}int a[100000]; int b[100000];
int main() {
  int i;
  for (i = 0; i < 100000; i++) a[i] = __VERIFIER_nondet_int();
  for (i = 0; i < 100000; i++) b[i] = a[i];
  for (i = 0; i < 100000; i++) if (a[i] > 0) b[i] = b[i] - 1; else b[i] = b[i] + 1;
  for (i = 0; i < 100000; i++) __VERIFIER_assert(b[i] != a[i]);
  return 0;
}
`;
}

function main(): void {
  const timeout = Number(argumentValue('--timeout', '10'));
  const solver = argumentValue('--solver', 'auto');
  const directory = mkdtempSync(join(tmpdir(), 'encode-timeouts-'));
  const programs = new Map([
    ['nine-loops', nineLoops()],
    ['copy-compare', copyCompare()],
  ]);
  console.log(
    `--timeout ${timeout}, --solver ${solver}: wall-clock seconds of the whole process (limit ${timeout} + start-up)`,
  );
  console.log(
    `${'program'.padEnd(14)}${'encoding'.padEnd(10)}${'extra'.padEnd(40)}${'process'.padStart(8)}${'encoding'.padStart(9)}  over  exit  verdict`,
  );
  let worst = 0;
  let worstEncoding = 0;
  for (const [name, text] of programs) {
    const file = join(directory, `${name}.c`);
    writeFileSync(file, text);
    for (const encoding of [...encoderNames(), 'portfolio']) {
      const extras: string[][] = encoding === 'bmc' ? [[], ['--unwind', '200', '--unwinding-assertions']] : [[]];
      // portfolio: `encode verify`, every encoding under the one budget
      const selection = encoding === 'portfolio' ? ['verify', file] : [file, '--encoding', encoding];
      for (const extra of extras) {
        const started = performance.now();
        const result = spawnSync(
          process.execPath,
          [binary, ...selection, '--timeout', String(timeout), '--solver', solver, '--json', ...extra],
          { encoding: 'utf8', timeout: (timeout + 60) * 1000 },
        );
        const seconds = (performance.now() - started) / 1000;
        let record: { verdict?: string; reason?: string; times?: Record<string, number> } = {};
        try {
          record = JSON.parse(result.stdout.trim()) as typeof record;
        } catch {
          record = { verdict: `unreadable output (exit ${String(result.status)}): ${result.stderr.slice(0, 60)}` };
        }
        // the encoding's own time: the kernel's budget covers this, not the front end or start-up
        const encodingSeconds = (record.times?.['encoding'] ?? Number.NaN) / 1000;
        worst = Math.max(worst, seconds - timeout);
        if (Number.isFinite(encodingSeconds)) worstEncoding = Math.max(worstEncoding, encodingSeconds - timeout);
        const verdict = `${record.verdict ?? '?'}${record.reason === undefined ? '' : ` (${record.reason})`}`.slice(
          0,
          70,
        );
        console.log(
          `${name.padEnd(14)}${encoding.padEnd(10)}${extra.join(' ').padEnd(40)}${seconds.toFixed(2).padStart(8)}${encodingSeconds.toFixed(2).padStart(9)}  ${(seconds - timeout).toFixed(2).padStart(5)}  ${String(result.status).padStart(3)}  ${verdict}`,
        );
      }
    }
  }
  console.log(
    `largest time over the budget: whole process ${worst.toFixed(2)} s, the encoding itself ${worstEncoding.toFixed(2)} s`,
  );
}

main();
