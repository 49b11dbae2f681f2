// The safe programs of bench/symbolic with their size written as a constant (`#define N 10`,
// `1000`, `1000000`) instead of read from a nondet call, through one or more encodings: the verdict
// per size and the time ratio of the largest size to the smallest (an encoding whose cost does not
// grow with the array size has a ratio near 1). The size's declaration and the assumptions that
// mention only N are removed; verdicts assume mathematical integers (int semantics), as always.
//
//   node dist/bench/constant-sizes.js [--encodings viap] [--sizes 10,1000,1000000] [--timeout 20] [--solver auto|z3|z3-wasm]

import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { encoders } from '../src/encoders/index.js';
import { runEncoding } from '../src/kernel/run-encoding.js';
import { runFrontEnd } from '../src/pipeline.js';
import { createSolver } from '../src/solvers/index.js';
import { argumentValue } from './arguments.js';

const folder = resolve(import.meta.dirname, '..', '..', 'bench', 'symbolic');

/** the program with `#define N size`; undefined when it does not read N the usual way */
export function withConstantSize(source: string, size: string): string | undefined {
  const declaration = /^\s*int N = __VERIFIER_nondet_int\(\);\s*$/m;
  if (!declaration.test(source)) return undefined;
  const lines = source
    .replace(declaration, '')
    .split('\n')
    .filter(
      (line) =>
        !/^\s*assume_abort_if_not\(\s*N\s*(>|>=|<|<=)\s*\d+\s*(&&\s*N\s*(>|>=|<|<=)\s*\d+\s*)?\);\s*$/.test(line),
    );
  const firstCode = lines.findIndex((line) => !line.startsWith('//'));
  lines.splice(firstCode, 0, `#define N ${size}`);
  return lines.join('\n');
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)]!;
}

async function main(): Promise<void> {
  const names = argumentValue('--encodings', 'viap').split(',');
  const sizes = argumentValue('--sizes', '10,1000,1000000').split(',');
  const timeout = Number(argumentValue('--timeout', '20'));
  const created = createSolver(argumentValue('--solver', 'auto'));
  if (created.kind === 'error') throw new Error(created.message);
  const solver = created.solver;
  const scratch = mkdtempSync(join(tmpdir(), 'encode-constant-sizes-'));
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('-safe.c'))
    .sort();
  console.log(
    `bench/symbolic safe programs with N constant: ${files.length} programs, sizes ${sizes.join(', ')}, --timeout ${timeout}, solver ${solver.name}`,
  );
  try {
    for (const name of names) {
      const encoder = encoders.get(name);
      if (encoder === undefined) throw new Error(`unknown encoding ${name}`);
      const ratios: number[] = [];
      const safeBySize = new Map<string, number>(sizes.map((size) => [size, 0]));
      console.log(`\n${name}: program, then verdict and seconds per size, then the ratio largest : smallest`);
      for (const file of files) {
        const source = readFileSync(join(folder, file), 'utf8');
        const cells: string[] = [];
        const seconds: number[] = [];
        for (const size of sizes) {
          const text = withConstantSize(source, size);
          if (text === undefined) break;
          const path = join(scratch, file.replace('.c', `-${size}.c`));
          writeFileSync(path, text);
          const frontEnd = runFrontEnd(path, { dataModel: 'ILP32', preprocessor: 'builtin' });
          if (frontEnd.kind !== 'program') {
            cells.push('front end failed');
            continue;
          }
          const started = performance.now();
          const run = await runEncoding(encoder, frontEnd.program, { semantics: 'c', settings: new Map() }, solver, {
            timeoutMilliseconds: timeout * 1000,
          });
          const elapsed = (performance.now() - started) / 1000;
          seconds.push(elapsed);
          if (run.verdict.kind === 'safe') safeBySize.set(size, safeBySize.get(size)! + 1);
          if (run.verdict.kind === 'unsafe') console.log(`WRONG: ${name} on ${file} with N = ${size}: UNSAFE`);
          cells.push(`${run.verdict.kind.toUpperCase().padEnd(7)} ${elapsed.toFixed(2).padStart(6)}`);
        }
        const ratio = seconds.length === sizes.length ? seconds[seconds.length - 1]! / seconds[0]! : Number.NaN;
        if (Number.isFinite(ratio) && cells.every((cell) => cell.startsWith('SAFE'))) ratios.push(ratio);
        console.log(`${file.padEnd(32)} ${cells.join('   ')}   ${Number.isFinite(ratio) ? ratio.toFixed(2) : '-'}`);
      }
      console.log(
        `${name}: SAFE per size ${sizes.map((size) => `${size}: ${safeBySize.get(size)}`).join(', ')}; ratio ${sizes[sizes.length - 1]} : ${sizes[0]} over the programs SAFE at every size: median ${median(ratios).toFixed(2)}, max ${Math.max(...ratios).toFixed(2)}`,
      );
    }
  } finally {
    await solver.dispose();
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
