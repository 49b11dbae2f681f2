// Scaling benchmark of the shrink encoding (issue 4), not a test.
//
// Default mode: the paper's programs (min2: safe, ∃ property; the correct minimum with the ∀
// property: safe; the buggy minimum of Sect. 1: 2-shrinkable, not safe) at array sizes 10^2, 10^4
// and 10^7, solved with `shrink`. Prints the verdict, the shrink factor and the time of each, and
// the ratio time(10^7) : time(10^2), which should stay below 2 (the queries do not depend on the
// size).
//
// --corpus: runs shrink over ../shared/bench/sv-arrays and prints how many tasks are in scope, the
// shrink-factor distribution, SAFE / UNSAFE / unknown and WRONG (a verdict that contradicts
// manifest.json; must be 0). Exits 1 on a wrong verdict.
//
// Usage: npx tsc -p tsconfig.json; node dist/bench/shrink-scaling.js [--solver z3|z3-wasm]
//        [--timeout seconds] [--max-k K] [--corpus] [--filter text] [--verbose]

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { shrinkEncoder } from '../src/encoders/shrink/index.js';
import type { DataModel } from '../src/ir/types.js';
import { runFrontEnd } from '../src/pipeline.js';
import { createSolver, findExecutable } from '../src/solvers/index.js';
import type { Solver } from '../src/solvers/solver.js';
import { encodingOptions } from '../src/kernel/options.js';
import { runEncoding } from '../src/kernel/run-encoding.js';
import { argumentValue } from './arguments.js';
import { corpusManifest } from './corpus-manifest.js';
import type { CampaignTask } from '../src/campaign/tasks.js';

const solverName = argumentValue('--solver', findExecutable('z3') !== undefined ? 'z3' : 'z3-wasm');
const timeoutSeconds = Number(argumentValue('--timeout', '60'));
const maxK = Number(argumentValue('--max-k', '5'));
const options = encodingOptions('int', { 'max-k': maxK });

type Family = 'min2' | 'min-forall' | 'buggy-min';

function familyProgram(family: Family, size: string): string {
  const update =
    family === 'buggy-min'
      ? 'if (a[i] - 1 <= m) m = a[i];'
      : family === 'min2'
        ? 'if (a[i] < m) m = a[i];'
        : 'if (a[i] <= m) m = a[i];';
  const property =
    family === 'min2'
      ? '  int found = 0;\n  for (j = 0; j < S; j++) if (a[j] == m) found = 1;\n  if (!found) reach_error();\n'
      : '  for (j = 0; j < S; j++) if (!(m <= a[j])) reach_error();\n';
  return (
    'extern void abort(void);\nvoid reach_error(void) { abort(); }\n' +
    `#define S ${size}\nint main(void) {\n  int a[S];\n  int m = a[0];\n  int i;\n  int j;\n` +
    `  for (i = 0; i < S; i++) { ${update} }\n${property}  return 0;\n}\n`
  );
}

interface Measurement {
  readonly verdict: string;
  readonly shrinkFactor: unknown;
  readonly seconds: number;
  readonly inScope: boolean;
  readonly reason: string;
}

async function measure(file: string, solver: Solver, dataModel: DataModel): Promise<Measurement> {
  const started = performance.now();
  const frontEnd = runFrontEnd(file, { dataModel, preprocessor: 'default' });
  if (frontEnd.kind !== 'program')
    return {
      verdict: `frontend:${frontEnd.kind}`,
      shrinkFactor: null,
      seconds: (performance.now() - started) / 1000,
      inScope: false,
      reason: '',
    };
  try {
    const outcome = await runEncoding(shrinkEncoder, frontEnd.program, options, solver, {
      timeoutMilliseconds: timeoutSeconds * 1000,
    });
    return {
      verdict: outcome.verdict.kind,
      shrinkFactor: outcome.details.shrinkFactor ?? null,
      seconds: (performance.now() - started) / 1000,
      inScope: outcome.details.inScope === true,
      reason: outcome.verdict.kind === 'unknown' ? outcome.verdict.reason.message : '',
    };
  } catch (error) {
    return {
      verdict: `crash:${String(error).slice(0, 80)}`,
      shrinkFactor: null,
      seconds: (performance.now() - started) / 1000,
      inScope: false,
      reason: '',
    };
  }
}

async function scaling(solver: Solver): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), 'shrink-scaling-'));
  const sizes = ['100', '10000', '10000000'];
  console.log(`shrink scaling (solver ${solver.name}, max-k ${maxK})`);
  // warm-up (solver start, JIT): not measured
  const warmUp = join(directory, 'warm-up.c');
  writeFileSync(warmUp, familyProgram('min2', '10'));
  await measure(warmUp, solver, 'ILP32');
  for (const family of ['min2', 'min-forall', 'buggy-min'] as const) {
    const times: number[] = [];
    for (const size of sizes) {
      const file = join(directory, `${family}-${size}.c`);
      writeFileSync(file, familyProgram(family, size));
      const measurement = await measure(file, solver, 'ILP32');
      times.push(measurement.seconds);
      console.log(
        `${family.padEnd(10)} S=${size.padEnd(9)} ${measurement.verdict.padEnd(8)} k=${String(measurement.shrinkFactor).padEnd(5)} ${measurement.seconds.toFixed(2)} s`,
      );
    }
    console.log(`${family.padEnd(10)} ratio time(10^7) / time(10^2) = ${(times[2]! / times[0]!).toFixed(2)}`);
  }
}

async function corpus(solver: Solver): Promise<boolean> {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/bench/sv-arrays');
  const fallbackRoot = resolve(process.cwd(), '../shared/bench/sv-arrays');
  let manifest: readonly CampaignTask[];
  try {
    manifest = corpusManifest(root);
  } catch {
    manifest = corpusManifest(fallbackRoot);
  }
  const filter = argumentValue('--filter', '');
  const tasks = manifest.filter((task) => task.id.includes(filter));
  const counts = { tasks: 0, inScope: 0, safe: 0, unsafe: 0, unknown: 0, wrong: 0 };
  const factors = new Map<string, number>();
  for (const task of tasks) {
    counts.tasks++;
    const measurement = await measure(task.file, solver, task.dataModel);
    if (measurement.inScope) {
      counts.inScope++;
      const key = String(measurement.shrinkFactor);
      factors.set(key, (factors.get(key) ?? 0) + 1);
    }
    const wrong =
      (measurement.verdict === 'safe' && task.expected === 'unsafe') ||
      (measurement.verdict === 'unsafe' && task.expected === 'safe');
    if (wrong) counts.wrong++;
    if (measurement.verdict === 'safe') counts.safe++;
    else if (measurement.verdict === 'unsafe') counts.unsafe++;
    else counts.unknown++;
    if (process.argv.includes('--verbose') || wrong) {
      console.log(
        `${wrong ? 'WRONG ' : ''}${task.id}: expected ${task.expected}, got ${measurement.verdict} ` +
          `(k=${String(measurement.shrinkFactor)}, ${measurement.seconds.toFixed(2)} s) ${measurement.reason.slice(0, 160)}`,
      );
    }
  }
  console.log(
    `shrink over ${counts.tasks} tasks: in scope ${counts.inScope}, SAFE ${counts.safe}, UNSAFE ${counts.unsafe}, unknown ${counts.unknown}, WRONG ${counts.wrong}`,
  );
  console.log(
    `shrink factors (in scope; null = none up to ${maxK}): ${[...factors].map(([factor, count]) => `${factor}: ${count}`).join(', ')}`,
  );
  return counts.wrong === 0;
}

async function main(): Promise<void> {
  const created = createSolver(solverName);
  if (created.kind !== 'ok') throw new Error(created.message);
  const solver = created.solver;
  try {
    if (process.argv.includes('--corpus')) {
      if (!(await corpus(solver))) process.exitCode = 1;
    } else {
      await scaling(solver);
    }
  } finally {
    await solver.dispose();
  }
}

await main();
