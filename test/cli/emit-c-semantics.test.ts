// `--emit smt2` in the default C semantics: the file holds the wrap checks the solver would be asked
// to prove (its header lists them), so z3 and cvc5 answer on it what C does: sat (an assertion or a
// check can fail) for a program that fails when gcc runs it because an unsigned value wraps, unsat
// for its twin where no wrap is reachable. The same with `--semantics bv`, which is exact.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { encode, projectRoot } from '../support/cli.js';
import { describeWith, solverRequirement } from '../support/requirements.js';

const programs = join(projectRoot, 'test', 'c-semantics', 'programs');
const pairs = ['uint-cell-increment', 'uint-predecessor', 'ushort-successor'];

function answer(solver: 'z3' | 'cvc5', file: string): string {
  const command =
    solver === 'z3'
      ? spawnSync('z3', ['-T:20', file], { encoding: 'utf8' })
      : spawnSync('cvc5', ['--tlimit=20000', file], { encoding: 'utf8' });
  return command.stdout.trim().split('\n')[0] ?? '';
}

describeWith([solverRequirement('z3'), solverRequirement('cvc5')], 'emitted files in C semantics', () => {
  it(
    'z3 and cvc5 read the bmc files of wrap-around pairs and answer as C does, in c and in bv semantics',
    { timeout: 120_000 },
    () => {
      const directory = mkdtempSync(join(tmpdir(), 'encode-emit-c-'));
      for (const pair of pairs) {
        for (const expected of ['unsafe', 'safe'] as const) {
          for (const semantics of ['c', 'bv']) {
            const output = join(directory, `${pair}-${expected}.${semantics}.smt2`);
            const result = encode(
              join(programs, `${pair}-${expected}.c`),
              '--encoding',
              'bmc',
              '--unwind',
              '3',
              '--unwinding-assertions',
              '--semantics',
              semantics,
              '--emit',
              'smt2',
              '-o',
              output,
            );
            expect(result.status, result.stderr).toBe(0);
            if (semantics === 'c' && expected === 'unsafe')
              expect(readFileSync(output, 'utf8')).toMatch(/; +check at \d+:\d+: .* may wrap around/);
            for (const solver of ['z3', 'cvc5'] as const) {
              expect(answer(solver, output), `${solver} on ${output}`).toBe(expected === 'unsafe' ? 'sat' : 'unsat');
            }
          }
        }
      }
    },
  );
});
