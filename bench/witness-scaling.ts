// Scaling benchmark of the witness encoding (issue 3), not a test.
//
// Default mode: one program family like the paper's Fig. 1 — initialise / copy / transform an array,
// then check every element — at N = 10, 10^3, 10^6 and a symbolic N (a VLA of nondeterministic
// size), solved with `witness` (loops kept, and loops removed) and with the `chc` baseline. Prints
// each time and the ratio time(N = 10^6) : time(N = 10).
//
// --corpus: runs witness (k = 1 and k = 2, loops kept and removed) and chc over
// ../shared/bench/sv-arrays and prints SAFE proven / UNSAFE / unknown / WRONG (a verdict that
// contradicts manifest.json; must be 0). Exits 1 on a wrong verdict.
//
// Usage: npx tsc -p tsconfig.json; node dist/bench/witness-scaling.js [--solver z3|z3-wasm]
//        [--timeout seconds] [--corpus] [--filter text] [--skip-chc] [--verbose]
//        [--only 'witness k=1 kept,chc']

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { chcEncoder } from '../src/encoders/chc/index.js';
import type { Encoder } from '../src/kernel/encoder.js';
import { witnessEncoder } from '../src/encoders/witness/index.js';
import type { DataModel } from '../src/ir/types.js';
import { runFrontEnd } from '../src/pipeline.js';
import { createSolver, findExecutable } from '../src/solvers/index.js';
import type { Solver } from '../src/solvers/solver.js';
import { encodingOptions, type EncodingOptions } from '../src/kernel/options.js';
import { runEncoding } from '../src/kernel/run-encoding.js';
import { argumentValue } from './arguments.js';
import { corpusManifest } from './corpus-manifest.js';

const solverName = argumentValue('--solver', findExecutable('z3') !== undefined ? 'z3' : 'z3-wasm');
const timeoutSeconds = Number(argumentValue('--timeout', '60'));

type Family = 'initialise' | 'copy' | 'transform';

function familyProgram(family: Family, size: string): string {
  const symbolic = size === 'symbolic';
  const declarations = symbolic
    ? '  int n = __VERIFIER_nondet_int();\n  if (n <= 0) return 0;\n  int a[n];\n  int b[n];\n'
    : `  int n = ${size};\n  static int a[${size}];\n  static int b[${size}];\n`;
  const bodies: Record<Family, string> = {
    initialise: '  for (i = 0; i < n; i++) a[i] = 7;\n  for (i = 0; i < n; i++) if (a[i] != 7) reach_error();\n',
    copy: '  for (i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int();\n  for (i = 0; i < n; i++) b[i] = a[i];\n  for (i = 0; i < n; i++) if (b[i] != a[i]) reach_error();\n',
    transform:
      '  for (i = 0; i < n; i++) a[i] = i;\n  for (i = 0; i < n; i++) b[i] = a[i] + 1;\n  for (i = 0; i < n; i++) if (b[i] != i + 1) reach_error();\n',
  };
  return `extern void abort(void);\nvoid reach_error(void) { abort(); }\nextern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int i;\n${declarations}${bodies[family]}  return 0;\n}\n`;
}

interface Measurement {
  readonly verdict: string;
  readonly seconds: number;
}

async function measure(
  encoder: Encoder,
  file: string,
  options: EncodingOptions,
  solver: Solver,
  dataModel: DataModel,
): Promise<Measurement> {
  const started = performance.now();
  const frontEnd = runFrontEnd(file, { dataModel, preprocessor: 'default' });
  if (frontEnd.kind !== 'program')
    return { verdict: `frontend:${frontEnd.kind}`, seconds: (performance.now() - started) / 1000 };
  try {
    const outcome = await runEncoding(encoder, frontEnd.program, options, solver, {
      timeoutMilliseconds: timeoutSeconds * 1000,
    });
    return { verdict: outcome.verdict.kind, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    return { verdict: `crash:${String(error).slice(0, 80)}`, seconds: (performance.now() - started) / 1000 };
  }
}

interface WitnessSettings {
  readonly cells: number;
  readonly loops: 'kept' | 'removed';
}

function baseOptions(witness: WitnessSettings | undefined): EncodingOptions {
  return encodingOptions('int', witness === undefined ? {} : { cells: witness.cells, loops: witness.loops });
}

async function scaling(solver: Solver): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), 'witness-scaling-'));
  const sizes = ['10', '1000', '1000000', 'symbolic'];
  const configurations: { label: string; encoder: Encoder; witness?: WitnessSettings }[] = [
    { label: 'witness (kept)', encoder: witnessEncoder, witness: { cells: 1, loops: 'kept' } },
    { label: 'witness (removed)', encoder: witnessEncoder, witness: { cells: 1, loops: 'removed' } },
  ];
  if (!process.argv.includes('--skip-chc')) configurations.push({ label: 'chc', encoder: chcEncoder });
  console.log(`solver ${solverName}, timeout ${timeoutSeconds} s`);
  console.log(['family', 'encoding', ...sizes.map((size) => `N=${size}`), 'ratio 1e6:10'].join('\t'));
  let failed = false;
  for (const family of ['initialise', 'copy', 'transform'] as const) {
    for (const configuration of configurations) {
      const cells: string[] = [];
      const seconds = new Map<string, number>();
      for (const size of sizes) {
        const file = join(directory, `${family}-${size}.c`);
        writeFileSync(file, familyProgram(family, size));
        // the median of three runs for the (fast) witness configurations, one run for chc
        const repetitions = configuration.encoder === witnessEncoder ? 3 : 1;
        const results: Measurement[] = [];
        for (let run = 0; run < repetitions; run++)
          results.push(await measure(configuration.encoder, file, baseOptions(configuration.witness), solver, 'ILP32'));
        results.sort((left, right) => left.seconds - right.seconds);
        const result = results[Math.floor(results.length / 2)]!;
        seconds.set(size, result.seconds);
        cells.push(`${result.verdict} ${result.seconds.toFixed(2)}s`);
        if (configuration.encoder === witnessEncoder && result.verdict !== 'safe') failed = true;
      }
      const ratio = seconds.get('1000000')! / seconds.get('10')!;
      console.log([family, configuration.label, ...cells, ratio.toFixed(2)].join('\t'));
    }
  }
  if (failed) console.log('note: witness did not prove every program SAFE');
}

async function corpus(solver: Solver): Promise<boolean> {
  const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const corpusRoot = resolve(projectRoot, '..', 'shared', 'bench', 'sv-arrays');
  const filter = argumentValue('--filter', '');
  const tasks = corpusManifest(corpusRoot).filter((task) => task.id.includes(filter));
  const configurations: { label: string; encoder: Encoder; witness?: WitnessSettings }[] = [
    { label: 'witness k=1 kept', encoder: witnessEncoder, witness: { cells: 1, loops: 'kept' } },
    { label: 'witness k=2 kept', encoder: witnessEncoder, witness: { cells: 2, loops: 'kept' } },
    { label: 'witness k=1 removed', encoder: witnessEncoder, witness: { cells: 1, loops: 'removed' } },
    { label: 'witness k=2 removed', encoder: witnessEncoder, witness: { cells: 2, loops: 'removed' } },
  ];
  if (!process.argv.includes('--skip-chc')) configurations.push({ label: 'chc', encoder: chcEncoder });
  const only = argumentValue('--only', '');
  let anyWrong = false;
  for (const configuration of configurations.filter(
    (candidate) => only === '' || only.split(',').includes(candidate.label),
  )) {
    const counts = { safe: 0, unsafe: 0, unknown: 0, wrong: 0, other: 0 };
    let total = 0;
    for (const task of tasks) {
      const result = await measure(
        configuration.encoder,
        task.file,
        baseOptions(configuration.witness),
        solver,
        task.dataModel,
      );
      total += result.seconds;
      const expected = task.expected === 'safe' ? 'safe' : 'unsafe';
      if (result.verdict === 'safe' || result.verdict === 'unsafe') {
        if (result.verdict !== expected) {
          counts.wrong++;
          console.log(`WRONG ${configuration.label} ${task.id}: ${result.verdict}, expected ${expected}`);
        } else counts[result.verdict]++;
      } else if (result.verdict === 'unknown') counts.unknown++;
      else counts.other++;
      if (process.argv.includes('--verbose'))
        console.log(`${configuration.label}\t${task.id}\t${result.verdict}\t${result.seconds.toFixed(1)}s`);
    }
    anyWrong ||= counts.wrong > 0;
    console.log(
      `${configuration.label}: SAFE ${counts.safe}, UNSAFE ${counts.unsafe}, unknown ${counts.unknown}, not lowered/crash ${counts.other}, WRONG ${counts.wrong} (${tasks.length} tasks, ${total.toFixed(0)} s)`,
    );
  }
  return !anyWrong;
}

async function main(): Promise<void> {
  const created = createSolver(solverName);
  if (created.kind !== 'ok') {
    console.error(created.message);
    process.exit(2);
  }
  try {
    if (process.argv.includes('--corpus')) {
      const ok = await corpus(created.solver);
      if (!ok) process.exitCode = 1;
    } else {
      await scaling(created.solver);
    }
  } finally {
    await created.solver.dispose();
  }
}

await main();
