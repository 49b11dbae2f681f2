// The bench/symbolic family (our programs with a symbolic size N, each safe one with a buggy twin)
// through several encodings in one run: correct SAFE and UNSAFE counts, wrong verdicts, and the
// median and largest time of the decided ones, per encoding.
//
//   node dist/bench/symbolic-family.js [--encodings induct,witness,shrink,chc] [--timeout 10] [--solver auto|z3|z3-wasm] [--semantics c|int|bv]
// (--semantics: what the verdicts are about, default c, the tool's default; int is the old mathematical reading)

import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { encoders } from '../src/encoders/index.js';
import type { VerdictSemantics } from '../src/ir/types.js';
import { runEncoding } from '../src/kernel/run-encoding.js';
import { runFrontEnd } from '../src/pipeline.js';
import { createSolver } from '../src/solvers/index.js';
import { argumentValue } from './arguments.js';

const folder = resolve(import.meta.dirname, '..', '..', 'bench', 'symbolic');

function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main(): Promise<void> {
  const names = argumentValue('--encodings', 'induct,witness,shrink,chc').split(',');
  const timeout = Number(argumentValue('--timeout', '10'));
  const semanticsText = argumentValue('--semantics', 'c');
  if (semanticsText !== 'c' && semanticsText !== 'int' && semanticsText !== 'bv')
    throw new Error(`--semantics takes c, int or bv, not ${semanticsText}`);
  const semantics: VerdictSemantics = semanticsText;
  const created = createSolver(argumentValue('--solver', 'auto'));
  if (created.kind === 'error') throw new Error(created.message);
  const solver = created.solver;
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.c'))
    .sort();
  console.log(
    `bench/symbolic: ${files.length} programs, --timeout ${timeout}, solver ${solver.name}, semantics ${semantics}`,
  );
  const rows: string[] = [];
  try {
    for (const name of names) {
      const encoder = encoders.get(name);
      if (encoder === undefined) throw new Error(`unknown encoding ${name}`);
      const counts = { safe: 0, unsafe: 0, unknown: 0, wrong: 0 };
      const decidedSeconds: number[] = [];
      for (const file of files) {
        const path = join(folder, file);
        const expected = /^\/\/ expected: (safe|unsafe)/.exec(readFileSync(path, 'utf8'))?.[1];
        const frontEnd = runFrontEnd(path, { dataModel: 'ILP32', preprocessor: 'default' });
        if (frontEnd.kind !== 'program') {
          counts.unknown++;
          continue;
        }
        const started = performance.now();
        const run = await runEncoding(encoder, frontEnd.program, { semantics, settings: new Map() }, solver, {
          timeoutMilliseconds: timeout * 1000,
        });
        const seconds = (performance.now() - started) / 1000;
        const verdict = run.verdict.kind;
        if (verdict === 'unknown') counts.unknown++;
        else if (verdict === expected) {
          counts[verdict]++;
          decidedSeconds.push(seconds);
        } else {
          counts.wrong++;
          console.log(`WRONG: ${name} on ${file}: ${verdict}`);
        }
      }
      rows.push(
        `${name.padEnd(8)} ${String(counts.safe).padStart(5)} ${String(counts.unsafe).padStart(7)} ${String(counts.unknown).padStart(8)} ${String(counts.wrong).padStart(6)} ${median(decidedSeconds).toFixed(2).padStart(9)} ${Math.max(
          0,
          ...decidedSeconds,
        )
          .toFixed(2)
          .padStart(8)}`,
      );
      console.log(rows[rows.length - 1]);
    }
  } finally {
    await solver.dispose();
  }
  console.log('\nencoding  SAFE  UNSAFE  UNKNOWN  WRONG  median s    max s   (of the decided ones)');
  for (const row of rows) console.log(row);
}

await main();
