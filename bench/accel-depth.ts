// Depth benchmark of the accel encoding (paper 003, Sect. 2.2), not a test.
//
// The buffer-overflow family: a loop fills a buffer of LEN characters with nondet characters until a
// nondet character is 0; the overflow assertion `i < LEN` fails only after LEN iterations. For
// LEN = 10, 1000 and 1000000 the C text is written to a temporary directory, read by the CLI's front
// end (src/pipeline.ts) and solved by `accel` in int and bv semantics, several repetitions each
// (the median is reported). The verdict must be UNSAFE, and its counterexample is replayed once more
// on the interpreter here (accel already replays it before answering). The goal is that the time
// does not depend on LEN: time(10^6) / time(10) <= 2; the ratio without accel's own replay (which runs
// LEN iterations on the interpreter, linear by nature) is printed too.
//
// Beside it, plain bmc (src/kernel/search.ts: unwinding 1, 2, 4, … within a time cap) at
// LEN = 10 and 1000: the unwinding that finds the bug, or "not found within cap".
//
// Exits 1 when accel does not answer a replayed UNSAFE on every size (the ratio is only reported:
// timings are noisy on a shared machine).
//
// Usage: npx tsc -p .; node dist/bench/accel-depth.js [--solver z3-wasm|z3] [--repetitions 3]
//        [--timeout seconds (accel, per solve; default 60)] [--bmc-cap seconds (default 60)]
//        [--no-bmc] [--semantics int|bv|both (default both)]

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { accelEncoder } from '../src/encoders/accel/index.js';
import { searchCounterexample } from '../src/kernel/search.js';
import { replayCounterexample } from '../src/interp/interpreter.js';
import type { Program, Semantics } from '../src/ir/types.js';
import { runFrontEnd } from '../src/pipeline.js';
import { createSolver, defaultSolverSpecification } from '../src/solvers/index.js';
import type { Solver } from '../src/solvers/solver.js';
import { encodingOptions } from '../src/kernel/options.js';
import { runEncoding } from '../src/kernel/run-encoding.js';
import { Budget } from '../src/kernel/budget.js';
import { argumentValue } from './arguments.js';

const solverName = argumentValue('--solver', defaultSolverSpecification);
const repetitions = Math.max(1, Number(argumentValue('--repetitions', '3')));
const accelTimeoutSeconds = Number(argumentValue('--timeout', '60'));
const bmcCapSeconds = Number(argumentValue('--bmc-cap', '60'));
const semanticsArgument = argumentValue('--semantics', 'both');
const semanticsList: readonly Semantics[] =
  semanticsArgument === 'both' ? ['int', 'bv'] : [semanticsArgument === 'bv' ? 'bv' : 'int'];
const accelSizes = [10, 1000, 1_000_000] as const;
const bmcSizes = [10, 1000] as const;

/** Sect. 2.2: the overflow assertion fails only in iteration LEN + 1 */
function overflowProgram(length: number): string {
  return [
    'extern char __VERIFIER_nondet_char(void);',
    'extern void __VERIFIER_assert(int);',
    `#define LEN ${length}`,
    'int main(void) {',
    '  char buffer[LEN];',
    '  int i = 0;',
    '  while (1) {',
    '    char ch = __VERIFIER_nondet_char();',
    '    if (ch == 0) break;',
    '    __VERIFIER_assert(i < LEN);',
    '    buffer[i] = ch;',
    '    i++;',
    '  }',
    '  return 0;',
    '}',
    '',
  ].join('\n');
}

function loadProgram(directory: string, length: number): Program {
  const file = join(directory, `overflow-${length}.c`);
  writeFileSync(file, overflowProgram(length));
  const frontEnd = runFrontEnd(file, { dataModel: 'ILP32', preprocessor: 'default' });
  if (frontEnd.kind !== 'program') throw new Error(`front end: ${frontEnd.kind} ${JSON.stringify(frontEnd)}`);
  return frontEnd.program;
}

interface AccelMeasurement {
  /** 'unsafe' only when the counterexample replayed here too */
  readonly verdict: string;
  readonly seconds: number;
  readonly replayedChoices: number;
  /** accel's own replay of the counterexample on the interpreter (part of `seconds`) */
  readonly replaySeconds: number;
}

async function measureAccel(program: Program, semantics: Semantics, solver: Solver): Promise<AccelMeasurement> {
  const started = performance.now();
  const outcome = await runEncoding(accelEncoder, program, encodingOptions(semantics, { unwind: 3 }), solver, {
    timeoutMilliseconds: accelTimeoutSeconds * 1000,
  });
  const seconds = (performance.now() - started) / 1000;
  const verdict = outcome.verdict;
  const replaySeconds = (outcome.times.replay ?? 0) / 1000;
  switch (verdict.kind) {
    case 'unsafe': {
      const replayed = replayCounterexample(program, verdict.counterexample, semantics, 100_000_000);
      const replayedHere = replayed.kind === 'assertionFailed';
      return {
        verdict: replayedHere ? 'unsafe' : `unsafe-NOT-REPLAYED(${replayed.kind})`,
        seconds,
        replayedChoices: verdict.counterexample.scalars.length,
        replaySeconds,
      };
    }
    case 'safe':
      return { verdict: 'SAFE(wrong)', seconds, replayedChoices: 0, replaySeconds };
    case 'unknown':
      return {
        verdict: `unknown(${verdict.reason.message.slice(0, 100)})`,
        seconds,
        replayedChoices: 0,
        replaySeconds,
      };
    default: {
      const never: never = verdict;
      throw new Error(`unknown verdict ${JSON.stringify(never)}`);
    }
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function accelTable(programs: ReadonlyMap<number, Program>, solver: Solver): Promise<boolean> {
  let allFound = true;
  console.log(
    `accel (unwind 3 of the accelerated program), median of ${repetitions} runs, per-solve budget ${accelTimeoutSeconds} s`,
  );
  console.log(
    `${'semantics'.padEnd(10)}${'LEN'.padStart(9)}  ${'verdict'.padEnd(16)}${'median s'.padStart(9)}  runs (s)`,
  );
  for (const semantics of semanticsList) {
    // warm-up per semantics (solver start, JIT): not measured
    await measureAccel(programs.get(10)!, semantics, solver);
    const medians: number[] = [];
    const mediansWithoutReplay: number[] = [];
    for (const length of accelSizes) {
      const program = programs.get(length)!;
      const runs: AccelMeasurement[] = [];
      for (let repetition = 0; repetition < repetitions; repetition++)
        runs.push(await measureAccel(program, semantics, solver));
      const verdicts = [...new Set(runs.map((run) => run.verdict))];
      const verdict = verdicts.length === 1 ? verdicts[0]! : verdicts.join('/');
      if (verdict !== 'unsafe') allFound = false;
      const time = median(runs.map((run) => run.seconds));
      medians.push(time);
      mediansWithoutReplay.push(median(runs.map((run) => run.seconds - run.replaySeconds)));
      const shown = verdict === 'unsafe' ? 'UNSAFE(replayed)' : verdict;
      console.log(
        `${semantics.padEnd(10)}${String(length).padStart(9)}  ${shown.padEnd(16)}${time.toFixed(3).padStart(9)}  ${runs.map((run) => run.seconds.toFixed(2)).join(' ')}` +
          `  (counterexample: ${runs[0]!.replayedChoices} nondet values; replay ${median(runs.map((run) => run.replaySeconds)).toFixed(3)} s)`,
      );
    }
    const ratio = medians[medians.length - 1]! / medians[0]!;
    console.log(
      `${semantics.padEnd(10)} ratio time(10^6) / time(10) = ${ratio.toFixed(2)}  ${ratio <= 2 ? 'OK (<= 2)' : 'ABOVE the goal of 2'}`,
    );
    // the replay runs LEN iterations on the interpreter: linear in LEN by nature
    const ratioWithoutReplay = mediansWithoutReplay[mediansWithoutReplay.length - 1]! / mediansWithoutReplay[0]!;
    console.log(
      `${semantics.padEnd(10)} the same without accel's replay (summaries + encoding + solving) = ${ratioWithoutReplay.toFixed(2)}`,
    );
  }
  return allFound;
}

async function bmcTable(programs: ReadonlyMap<number, Program>, solver: Solver): Promise<void> {
  console.log(`plain bmc (unwinding 1, 2, 4, … until found), int semantics, cap ${bmcCapSeconds} s`);
  for (const length of bmcSizes) {
    const program = programs.get(length)!;
    const started = performance.now();
    const result = await searchCounterexample(program, 'int', solver, Budget.start(bmcCapSeconds * 1000));
    const seconds = (performance.now() - started) / 1000;
    switch (result.kind) {
      case 'found':
        console.log(
          `bmc       ${String(length).padStart(9)}  UNSAFE at unwinding ${result.unwind}, ${seconds.toFixed(3)} s`,
        );
        break;
      case 'exhausted':
        console.log(
          `bmc       ${String(length).padStart(9)}  SAFE: every loop unrolled at ${result.unwind}, ${seconds.toFixed(3)} s`,
        );
        break;
      case 'notFound':
        console.log(
          `bmc       ${String(length).padStart(9)}  not found within cap (tried up to unwinding ${result.triedUnwind}, ${seconds.toFixed(1)} s${result.lastReason === undefined ? '' : `; ${result.lastReason.message.slice(0, 80)}`})`,
        );
        break;
      default: {
        const never: never = result;
        throw new Error(`unknown search result ${JSON.stringify(never)}`);
      }
    }
  }
}

async function main(): Promise<void> {
  const created = createSolver(solverName);
  if (created.kind !== 'ok') throw new Error(created.message);
  const solver = created.solver;
  const directory = mkdtempSync(join(tmpdir(), 'accel-depth-'));
  try {
    const programs = new Map<number, Program>();
    for (const length of new Set<number>([...accelSizes, ...bmcSizes]))
      programs.set(length, loadProgram(directory, length));
    console.log(`accel depth benchmark: buffer overflow after LEN iterations (solver ${solver.name})`);
    const allFound = await accelTable(programs, solver);
    if (!process.argv.includes('--no-bmc')) await bmcTable(programs, solver);
    if (!allFound) {
      console.log('FAILED: accel did not answer a replayed UNSAFE on every size');
      process.exitCode = 1;
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
    await solver.dispose();
  }
}

await main();
