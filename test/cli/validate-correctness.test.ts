// `encode validate TASK WITNESS` on correctness witnesses (src/cli/validate-correctness.ts,
// src/portfolio/invariant-certifier.ts): a witness that `verify --witness` wrote is confirmed (TRUE,
// exit 0, its certificate checked); a witness whose invariant the program needs is confirmed with it
// and not with a wrong one; an invariant not preserved, at no loop, at a do-while, unreadable, or a
// witness of another program is not confirmed (UNKNOWN, exit 20), and never on a buggy program.

import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, describe, expect } from 'vitest';
import { encode, regression } from '../support/cli.js';
import { itWith, solverRequirement } from '../support/requirements.js';

const z3 = solverRequirement('z3');
const directory = mkdtempSync(join(tmpdir(), 'encode-validate-correctness-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const prelude = `extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
`;

/** x + y grows by 4 in either step: (x + y) % 4 == 0 at the loop (line 9) proves it; our own guesses do not */
const stepsOfFour = (otherStep: string): string => `${prelude}
int main(void) {
  int x = 0;
  int y = 0;
  while (__VERIFIER_nondet_int()) {
    if (__VERIFIER_nondet_int()) {
      x += 3;
      y += 1;
    } else {
      ${otherStep}
    }
    if (x > 1000) break;
  }
  __VERIFIER_assert(x + y != 6);
  return 0;
}
`;
const safeProgram = write('steps-of-four-safe.c', stepsOfFour('x += 1; y += 3;'));
const buggyProgram = write('steps-of-four-unsafe.c', stepsOfFour('x += 1; y += 2;'));
const doWhileProgram = write(
  'do-while.c',
  `${prelude}
int main(void) {
  int x = 0;
  int y = 0;
  do {
    x += 2;
    y += 1;
  } while (y < 100);
  __VERIFIER_assert(x == 2 * y);
  return 0;
}
`,
);

function write(name: string, text: string): string {
  const path = join(directory, name);
  writeFileSync(path, text);
  return path;
}

/** a format 2.0 correctness witness of `program` with these loop invariants (line, column, value) */
function witnessOf(program: string, invariants: readonly [number, number, string][], hashOf = program): string {
  const file = basename(program);
  const hash = createHash('sha256').update(readFileSync(hashOf)).digest('hex');
  const entry = {
    entry_type: 'invariant_set',
    metadata: {
      format_version: '2.0',
      uuid: '00000000-0000-4000-8000-000000000000',
      creation_time: '2026-11-29T00:00:00Z',
      producer: { name: 'test', version: '1' },
      task: {
        input_files: [file],
        input_file_hashes: { [file]: hash },
        specification: 'G ! call(reach_error())',
        data_model: 'ILP32',
        language: 'C',
      },
    },
    content: invariants.map(([line, column, value]) => ({
      invariant: {
        type: 'loop_invariant',
        location: { file_name: file, line, column, function: 'main' },
        value,
        format: 'c_expression',
      },
    })),
  };
  const path = join(directory, `witness-${Math.random().toString(36).slice(2)}.yml`);
  writeFileSync(path, stringify([entry]));
  return path;
}

function validate(program: string, witness: string) {
  return encode('validate', program, witness, '--solver', 'z3', '--timeout', '20');
}

describe('validate on correctness witnesses', () => {
  for (const name of ['copy-safe.c', 'counter-safe.c']) {
    itWith([z3], `confirms the witness verify --witness writes for ${name}`, { timeout: 60_000 }, () => {
      const program = join(regression, name);
      const witness = join(directory, `${name}.yml`);
      expect(encode('verify', program, '--solver', 'z3', '--timeout', '20', '--witness', witness).stdout).toMatch(
        /^SAFE\n/,
      );
      const result = validate(program, witness);
      expect(result.stdout).toMatch(/^witness confirmed \(\d+ loop invariants?\)/);
      expect(result.stdout).toMatch(/^certificate: checked /m);
      expect(result.stdout.trim().split('\n').at(-1)).toBe('Result: TRUE');
      expect(result.status).toBe(0);
    });
  }

  itWith([z3], 'confirms the invariant a program needs, and not a wrong one', { timeout: 60_000 }, () => {
    const needed = '(x + y) % 4 == 0';
    const confirmed = validate(safeProgram, witnessOf(safeProgram, [[9, 3, needed]]));
    expect(confirmed.stdout).toMatch(/^witness confirmed \(1 loop invariant\)/);
    expect(confirmed.status).toBe(0);
    // without it, or with a weaker one, our own guesses do not prove the program
    for (const invariants of [[], [[9, 3, '(x + y) % 2 == 0']]] as [number, number, string][][]) {
      const unproven = validate(safeProgram, witnessOf(safeProgram, invariants));
      expect(unproven.stdout).toMatch(/^witness not confirmed .*do not prove/);
      expect(unproven.status).toBe(20);
    }
    const wrongAtEntry = validate(safeProgram, witnessOf(safeProgram, [[9, 3, '(x + y) % 4 == 1']]));
    expect(wrongAtEntry.stdout).toContain('"(x + y) % 4 == 1") is not shown to be preserved by entry');
    expect(wrongAtEntry.stdout).toMatch(/Result: UNKNOWN\n$/);
    expect(wrongAtEntry.status).toBe(20);
    // the invariant that proves the safe program does not hold in its buggy twin: never confirmed there
    const buggy = validate(buggyProgram, witnessOf(buggyProgram, [[9, 3, needed]]));
    expect(buggy.stdout).toContain('is not shown to be preserved by loop');
    expect(buggy.status).toBe(20);
  });

  itWith([z3], 'does not confirm what it cannot read or place, and says why', { timeout: 60_000 }, () => {
    const cases: [string, string, string][] = [
      [safeProgram, witnessOf(safeProgram, [[8, 3, 'x == 2 * y']]), 'is at no loop of the program'],
      [
        safeProgram,
        witnessOf(safeProgram, [[9, 3, 'x == 2 * z']]),
        'z names no variable of the program live at the loop head',
      ],
      [safeProgram, witnessOf(safeProgram, [[9, 3, 'x == 2 * y +']]), 'not a C expression'],
      [doWhileProgram, witnessOf(doWhileProgram, [[9, 3, 'x == 2 * y']]), 'is at a do-while loop'],
      [safeProgram, witnessOf(safeProgram, [[9, 3, 'x == 2 * y']], buggyProgram), 'the witness is for another program'],
      [safeProgram, witnessOf(safeProgram, [[9, 3, '(unsigned char) x == 0']]), 'may change the value'],
    ];
    for (const [program, witness, reason] of cases) {
      const result = validate(program, witness);
      expect(result.stdout).toContain(reason);
      expect(result.stdout).toMatch(/Result: UNKNOWN\n$/);
      expect(result.status).toBe(20);
    }
  });
});
