// The regression folder, recursively (test/regression, shrink/ and viap/): C programs with
// their expected answer in a `// expected: safe|unsafe` first line, each decided by reading the
// program and checking it on the interpreter. Every encoding of the registry meets every program
// and must never contradict the expected answer; across the folder each encoding must still decide
// a minimum of programs (a regression to "UNKNOWN everywhere" fails). Budgets are short (a few
// seconds per program and encoding) to keep the suite's runtime moderate.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encoders } from '../../src/encoders/index.js';
import { runFrontEnd } from '../../src/pipeline.js';
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

const options: TestOptions = {
  semantics: 'c', unwind: 10, unwindingAssertions: true, timeoutMilliseconds: 2000,
  witness: { cells: 1, loops: 'kept' }, shrink: { maxK: 3 },
};

/**
 * The least number of the programs each encoding decides (SAFE or UNSAFE), a little below the
 * counts measured with these budgets on a loaded 2-core machine. With Debian z3 (the tests' solver
 * when installed, as in CI), of the 30 programs at 4 s: accel 14, bmc 10, chc 14, induct 10 (the
 * shrink/ family of shape N; the rest unsupported or imprecise), labmc 16 (the counters, the
 * overflow loops, Fig. 1a of paper 004 and the bugs its search on the original finds), shrink 15,
 * viap 23, witness 20. With z3-wasm (a fresh clone without z3) chc and witness decide fewer. The
 * floors leave room for the load of a full test run. A newly registered encoding fails below until
 * it has its line here.
 */
const decidedFloor: Readonly<Record<string, number>> = { accel: 10, bmc: 7, chc: 6, induct: 7, labmc: 12, shrink: 13, viap: 12, witness: 12 };

const solver = testSolver();
afterAll(async () => solver.dispose());

/** encoding → program → verdict, filled by the per-program tests */
const verdicts = new Map<string, Map<string, string>>();

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
        const outcome = await solveWith(encoder, frontEnd.program, options, solver);
        const verdict = outcome.verdict.kind;
        const perProgram = verdicts.get(name) ?? new Map<string, string>();
        perProgram.set(program.name, verdict === 'unknown' ? `unknown (${outcome.verdict.kind === 'unknown' ? outcome.verdict.reason.kind : ''})` : verdict);
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
      lines.push(`${name}: ${count}/${programs.length} decided; ${[...perProgram].map(([file, verdict]) => `${file} ${verdict}`).join(', ')}`);
    }
    console.log(`regression folder (${options.timeoutMilliseconds} ms per program and encoding):\n${lines.join('\n')}`);
    for (const name of encoders.keys()) {
      // every registered encoding has a floor: a new one gets its own line in decidedFloor
      expect(decidedFloor[name], `decidedFloor has no entry for the encoding ${name}`).toBeDefined();
      expect(decided.get(name), `${name} decides fewer regression programs than before`).toBeGreaterThanOrEqual(decidedFloor[name]!);
    }
  });
});
