// The bench/counters family (two-counter programs, each safe one with a buggy twin) at loop bounds
// 10, 10^3, 10^6, 10^9 and nondeterministic, through several encodings in one run: per encoding and
// bound the correct SAFE and UNSAFE counts, unknowns, wrong verdicts and the total time, then the
// time ratio bound 10^9 : bound 10 per encoding (labmc's abstraction does not depend on the bound:
// the ratio should stay near 1; bmc's unrolling does).
//
//   node dist/bench/counters.js [--encodings labmc,bmc,viap,induct,chc] [--timeout 10] [--solver auto|z3|z3-wasm]

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { encoders } from '../src/encoders/index.js';
import { runEncoding } from '../src/kernel/run-encoding.js';
import { runFrontEnd } from '../src/pipeline.js';
import { createSolver } from '../src/solvers/index.js';
import { boundName, counterPrograms, instantiate, type Bound } from './counters-programs.js';
import { argumentValue } from './arguments.js';

const bounds: readonly Bound[] = [10n, 1000n, 1_000_000n, 1_000_000_000n, 'nondet'];

interface Cell {
  safe: number;
  unsafe: number;
  unknown: number;
  wrong: number;
  seconds: number;
}

async function main(): Promise<void> {
  const names = argumentValue('--encodings', 'labmc,bmc,viap,induct,chc').split(',');
  const timeout = Number(argumentValue('--timeout', '10'));
  const created = createSolver(argumentValue('--solver', 'auto'));
  if (created.kind === 'error') throw new Error(created.message);
  const solver = created.solver;
  const programs = counterPrograms();
  const folder = mkdtempSync(join(tmpdir(), 'encode-counters-'));
  console.log(
    `bench/counters: ${programs.length} programs x ${bounds.length} bounds, --timeout ${timeout}, solver ${solver.name}`,
  );
  const table = new Map<string, Cell>();
  try {
    for (const name of names) {
      const encoder = encoders.get(name);
      if (encoder === undefined) throw new Error(`unknown encoding ${name}`);
      for (const bound of bounds) {
        const cell: Cell = { safe: 0, unsafe: 0, unknown: 0, wrong: 0, seconds: 0 };
        for (const program of programs) {
          const path = join(folder, program.name);
          writeFileSync(path, instantiate(program, bound));
          const frontEnd = runFrontEnd(path, { dataModel: 'ILP32', preprocessor: 'default' });
          if (frontEnd.kind !== 'program') {
            cell.unknown++;
            continue;
          }
          const started = performance.now();
          const run = await runEncoding(encoder, frontEnd.program, { semantics: 'c', settings: new Map() }, solver, {
            timeoutMilliseconds: timeout * 1000,
          });
          cell.seconds += (performance.now() - started) / 1000;
          const verdict = run.verdict.kind;
          if (verdict === 'unknown') cell.unknown++;
          else if (verdict === program.expected) cell[verdict]++;
          else {
            cell.wrong++;
            console.log(`WRONG: ${name} on ${program.name} at bound ${boundName(bound)}: ${verdict}`);
          }
        }
        table.set(`${name} ${boundName(bound)}`, cell);
        console.log(
          `${name.padEnd(7)} ${boundName(bound).padEnd(7)} ${JSON.stringify(cell, (key, value) => (key === 'seconds' ? Number(value.toFixed(2)) : value))}`,
        );
      }
    }
  } finally {
    await solver.dispose();
    rmSync(folder, { recursive: true, force: true });
  }
  const safeCount = programs.filter((program) => program.expected === 'safe').length;
  console.log(
    `\n| encoding | bound | SAFE (of ${safeCount}) | UNSAFE (of ${programs.length - safeCount}) | UNKNOWN | WRONG | total s |`,
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const [key, cell] of table) {
    const [name, bound] = key.split(' ');
    console.log(
      `| ${name} | ${bound} | ${cell.safe} | ${cell.unsafe} | ${cell.unknown} | ${cell.wrong} | ${cell.seconds.toFixed(2)} |`,
    );
  }
  console.log('\ntime ratio bound 10^9 : bound 10 (total seconds over the family)');
  for (const name of names) {
    const small = table.get(`${name} 10`)!;
    const large = table.get(`${name} 10^9`)!;
    console.log(
      `${name.padEnd(7)} ${(large.seconds / small.seconds).toFixed(2)}  (${large.seconds.toFixed(2)} s : ${small.seconds.toFixed(2)} s; decided ${large.safe + large.unsafe} : ${small.safe + small.unsafe})`,
    );
  }
}

await main();
