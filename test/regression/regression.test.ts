// The regression folder, recursively (test/regression, shrink/ and viap/): C programs with
// their expected answer in a `// expected: safe|unsafe` first line, each decided by reading the
// program and checking it on the interpreter. Every encoding of the registry meets every program
// and must never contradict the expected answer; across the folder each encoding must still decide
// a minimum of programs (a regression to "UNKNOWN everywhere" fails). Budgets are short (a few
// seconds per program and encoding) to keep the suite's runtime moderate.

import { readFileSync, readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encoders } from '../../src/encoders/index.js';
import { runFrontEnd } from '../../src/pipeline.js';
import { floorFor } from '../support/floors.js';
import { testSolver } from '../support/solver.js';
import { solveWith, type TestOptions } from '../support/encoding.js';

const folder = import.meta.dirname;
const programs = (readdirSync(folder, { recursive: true, encoding: 'utf8' }) as string[])
  .filter((name) => name.endsWith('.c'))
  .sort()
  .map((name) => {
    const text = readFileSync(join(folder, name), 'utf8');
    const match = /^\/\/ expected: (safe|unsafe)\n/.exec(text);
    if (match === null) throw new Error(`${name} has no '// expected: safe|unsafe' first line`);
    return { name, path: join(folder, name), expected: match[1] as 'safe' | 'unsafe' };
  });

// bmc at unwinding 10 with unwinding assertions (accel keeps its own unwinding, 3); every other
// encoding with its defaults but for the options named here
const options: TestOptions = {
  semantics: 'c',
  timeoutMilliseconds: 2000,
  encodings: {
    bmc: { unwind: 10, 'unwinding-assertions': true },
    witness: { cells: 1, loops: 'kept' },
    shrink: { 'max-k': 3 },
  },
};

/**
 * The programs each encoding decides (SAFE or UNSAFE) at these budgets (2 s a program and encoding)
 * on the loaded 2-core machine: with Debian z3 (the tests' solver when installed, as in CI; the lower
 * of a full test run and a run of the encoder tests, which differed for chc, 14 and 12, and witness,
 * 20 and 19) and with z3-wasm (a clone without z3; ENCODE_TEST_SOLVER=z3-wasm). Each encoding must
 * decide a little fewer at least (test/support/floors.ts). An encoding without a line here (a newly
 * registered one) must still decide one program, so adding an encoding needs no edit here; its
 * measured counts belong here once known.
 */
const decidedMeasured: Readonly<Record<string, number | { z3: number; wasm: number }>> = {
  accel: { z3: 14, wasm: 15 },
  bmc: { z3: 10, wasm: 9 },
  chc: { z3: 12, wasm: 10 },
  induct: 10,
  labmc: 15,
  shrink: 15,
  viap: 23,
  witness: { z3: 19, wasm: 18 },
};

/**
 * Encodings given a shorter budget than `options.timeoutMilliseconds`, in ms, because what they
 * decide here they decide far under it (at least 3 times below the shorter budget) and what they
 * do not decide takes the whole budget. runs (concrete runs, UNSAFE only) decided 13 programs, the
 * slowest in 48 ms, and spent 42 s of the file's 265 s on the 27 it leaves UNKNOWN (Debian z3,
 * load 9 on the 2-core machine): 500 ms is 10 times its slowest.
 */
const shorterBudgets: Readonly<Record<string, number>> = { runs: 500 };

function optionsFor(name: string): TestOptions {
  const budget = shorterBudgets[name];
  return budget === undefined ? options : { ...options, timeoutMilliseconds: budget };
}

const solver = testSolver();
afterAll(async () => solver.dispose());

/** encoding → program → verdict, filled by the per-program tests */
const verdicts = new Map<string, Map<string, string>>();
/** encoding → its wall-clock time over the programs, and its slowest SAFE or UNSAFE (printed with the counts) */
const times = new Map<string, { total: number; slowestDecided: number }>();

describe('regression programs', () => {
  it('walks the folder recursively and finds the programs of every subfolder', () => {
    expect(programs.length).toBeGreaterThanOrEqual(24);
    expect(programs.some((program) => program.name.startsWith('shrink/'))).toBe(true);
  });

  for (const program of programs) {
    it(`${program.name}: no encoding contradicts '${program.expected}'`, { timeout: 300_000 }, async () => {
      const frontEnd = runFrontEnd(program.path, { dataModel: 'ILP32', preprocessor: 'default' });
      expect(frontEnd.kind).toBe('program');
      if (frontEnd.kind !== 'program') return;
      for (const [name, encoder] of encoders) {
        const started = performance.now();
        const outcome = await solveWith(encoder, frontEnd.program, optionsFor(name), solver);
        const milliseconds = performance.now() - started;
        const verdict = outcome.verdict.kind;
        const time = times.get(name) ?? { total: 0, slowestDecided: 0 };
        time.total += milliseconds;
        if (verdict !== 'unknown') time.slowestDecided = Math.max(time.slowestDecided, milliseconds);
        times.set(name, time);
        const perProgram = verdicts.get(name) ?? new Map<string, string>();
        perProgram.set(
          program.name,
          verdict === 'unknown'
            ? `unknown (${outcome.verdict.kind === 'unknown' ? outcome.verdict.reason.kind : ''})`
            : verdict,
        );
        verdicts.set(name, perProgram);
        if (verdict !== 'unknown') expect(verdict, `${name} on ${program.name}`).toBe(program.expected);
      }
    });
  }

  it('every encoding of the registry decided its minimum of programs', () => {
    const lines: string[] = [];
    const decided = new Map<string, number>();
    for (const name of encoders.keys()) {
      const perProgram = verdicts.get(name) ?? new Map<string, string>();
      // this test needs the per-program tests above (run the file as a whole)
      expect(perProgram.size, `${name} met every program`).toBe(programs.length);
      const count = [...perProgram.values()].filter((verdict) => verdict === 'safe' || verdict === 'unsafe').length;
      decided.set(name, count);
      const time = times.get(name) ?? { total: 0, slowestDecided: 0 };
      lines.push(
        `${name}: ${count}/${programs.length} decided (${Math.round(time.total)} ms in all, slowest decided ${Math.round(time.slowestDecided)} ms); ${[...perProgram].map(([file, verdict]) => `${file} ${verdict}`).join(', ')}`,
      );
    }
    console.log(
      `regression folder (${options.timeoutMilliseconds} ms per program and encoding, ${JSON.stringify(shorterBudgets)} for these):\n${lines.join('\n')}`,
    );
    for (const name of encoders.keys()) {
      const measured = decidedMeasured[name];
      const floor = measured === undefined ? 1 : floorFor(solver, measured);
      expect(
        decided.get(name),
        `${name} decides fewer regression programs than before (floor ${floor})`,
      ).toBeGreaterThanOrEqual(floor);
    }
  });
});
