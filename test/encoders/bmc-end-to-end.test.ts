// bmc and chc end to end: C source → front end → IR → encoders, with verdicts checked against the
// known answers of small programs (counterexamples are replayed by the encoders themselves).

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bmcEncoder } from '../../src/encoders/bmc/index.js';
import { chcEncoder } from '../../src/encoders/chc/index.js';
import type { Program } from '../../src/ir/types.js';
import { runFrontEnd } from '../../src/pipeline.js';
import type { Solver } from '../../src/solvers/solver.js';
import { testSolver } from '../support/solver.js';
import { itWith, solverRequirement } from '../support/requirements.js';
import { solveWith, type TestOptions } from '../support/encoding.js';

const prelude = `
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
`;

const directory = mkdtempSync(join(tmpdir(), 'encode-bmc-'));
function lower(name: string, body: string): Program {
  const path = join(directory, `${name}.c`);
  writeFileSync(path, prelude + body);
  const result = runFrontEnd(path, { dataModel: 'ILP32', preprocessor: 'default' });
  if (result.kind !== 'program') throw new Error(`${name}: ${JSON.stringify(result)}`);
  return result.program;
}

let solver: Solver;
beforeAll(() => {
  solver = testSolver();
});
afterAll(async () => {
  await solver.dispose();
});

const options = (unwind: number, unwindingAssertions: boolean): TestOptions => ({
  semantics: 'int',
  unwind,
  unwindingAssertions,
  timeoutMilliseconds: 20_000,
});

describe('end to end from C', () => {
  const sumViolation = `
int main() {
  int a[5]; int i; int s = 0;
  for (i = 0; i < 5; i++) a[i] = __VERIFIER_nondet_int();
  for (i = 0; i < 5; i++) { if (a[i] > 0) s += a[i]; }
  __VERIFIER_assert(s != 12345);
  return 0;
}`;
  it('finds a sum violation over a nondet array with havocs in a loop', async () => {
    const program = lower('sum', sumViolation);
    const bmc = await solveWith(bmcEncoder, program, options(6, false), solver);
    expect(bmc.verdict.kind).toBe('unsafe');
    if (bmc.verdict.kind === 'unsafe') {
      const positives = bmc.verdict.counterexample.scalars.filter((value) => value > 0n);
      expect(positives.reduce((sum, value) => sum + value, 0n)).toBe(12345n);
    }
  });
  // Debian z3's Spacer finds it within the budget; z3-wasm does not (UNKNOWN after 20 s, already
  // before the solve-kernel refactor), so without the z3 executable this check is skipped
  itWith([solverRequirement('z3')], 'chc finds the same sum violation (Debian z3)', {}, async () => {
    expect((await solveWith(chcEncoder, lower('sum', sumViolation), options(1, false), solver)).verdict.kind).toBe(
      'unsafe',
    );
  });

  it('proves a counting loop safe with both encodings', async () => {
    const program = lower(
      'count',
      `
int main() {
  int i = 0; int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 5) return 0;
  while (i < n) i++;
  __VERIFIER_assert(i == n);
  return 0;
}`,
    );
    expect((await solveWith(bmcEncoder, program, options(6, true), solver)).verdict.kind).toBe('safe');
    expect((await solveWith(bmcEncoder, program, options(4, true), solver)).verdict.kind).toBe('unknown');
    expect((await solveWith(chcEncoder, program, options(1, false), solver)).verdict.kind).toBe('safe');
  });

  it('reads back multi-dimensional array havocs row-major', async () => {
    const program = lower(
      'matrix',
      `
int main() {
  int m[2][3];
  int i, j;
  for (i = 0; i < 2; i++) for (j = 0; j < 3; j++) m[i][j] = __VERIFIER_nondet_int();
  __VERIFIER_assert(!(m[1][2] == 7 && m[0][1] == 3));
  return 0;
}`,
    );
    const bmc = await solveWith(bmcEncoder, program, options(4, false), solver);
    expect(bmc.verdict.kind).toBe('unsafe');
  });

  it('reads back a whole-array havoc of a multi-dimensional array row-major', async () => {
    const program = lower(
      'matrix-havoc',
      `
int main() {
  int m[2][3];
  __VERIFIER_assert(!(m[1][2] == 7 && m[0][1] == 3));
  return 0;
}`,
    );
    const bmc = await solveWith(bmcEncoder, program, options(1, false), solver);
    expect(bmc.verdict.kind).toBe('unsafe');
    if (bmc.verdict.kind === 'unsafe') {
      const content = bmc.verdict.counterexample.arrays[0]!;
      expect(content.entries.get(5n) ?? content.defaultValue).toBe(7n);
      expect(content.entries.get(1n) ?? content.defaultValue).toBe(3n);
    }
  });
});

describe('deepening (--deepen)', () => {
  // an and over 48 cells against the and of two halves, the second one starting one cell late (buggy)
  // or where the first one ends (safe): a bug only a complete unrolling of the 48 iterations shows
  const split = (secondStart: string): string => `
int main() {
  int x[48]; int i;
  for (i = 0; i < 48; i++) x[i] = __VERIFIER_nondet_int();
  int all = -1;
  for (i = 0; i < 48; i++) all = all & x[i];
  int low = -1;
  for (i = 0; i < 24; i++) low = low & x[i];
  int high = -1;
  for (i = ${secondStart}; i < 48; i++) high = high & x[i];
  __VERIFIER_assert(all == (low & high));
  return 0;
}`;
  const deepening = (unwind: number, deepen: boolean): TestOptions => ({
    semantics: 'bv',
    unwind,
    timeoutMilliseconds: 20_000,
    encodings: { bmc: { deepen } },
  });

  it('finds a bug beyond --unwind only when asked to deepen, and replays it', async () => {
    const program = lower('split-unsafe', split('25'));
    const shallow = await solveWith(bmcEncoder, program, deepening(10, false), solver);
    expect(shallow.verdict.kind).toBe('unknown');
    const deep = await solveWith(bmcEncoder, program, deepening(10, true), solver);
    expect(deep.verdict.kind).toBe('unsafe');
    // 10, then 20, 40 (short of the 48 iterations), 80
    expect(deep.details['deepenedTo']).toBe(80);
    if (deep.verdict.kind === 'unsafe') expect(deep.verdict.counterexample.scalars.length).toBeGreaterThanOrEqual(48);
  });

  it('proves SAFE by a complete unrolling reached by deepening', async () => {
    // cells equal to their index, counted: at most 48 (the whole unrolling is needed to see it)
    const program = lower(
      'count-safe',
      `
int main() {
  int x[48]; int i; int c = 0;
  for (i = 0; i < 48; i++) x[i] = __VERIFIER_nondet_int();
  for (i = 0; i < 48; i++) if (x[i] == i) c = c + 1;
  __VERIFIER_assert(c <= 48);
  return 0;
}`,
    );
    expect((await solveWith(bmcEncoder, program, deepening(10, false), solver)).verdict.kind).toBe('unknown');
    const deep = await solveWith(bmcEncoder, program, deepening(10, true), solver);
    expect(deep.verdict.kind).toBe('safe');
    if (deep.verdict.kind === 'safe')
      expect(deep.verdict.assumptions.join(' ')).toMatch(/fully unrolled \(unwind 80\)/);
  });

  it('never says SAFE where a loop has a symbolic bound: UNKNOWN, with the depth reached', async () => {
    const program = lower(
      'symbolic-bound',
      `
int main() {
  int n = __VERIFIER_nondet_int(); int i; int s = 0;
  for (i = 0; i < n; i++) s = s + 1;
  __VERIFIER_assert(s >= 0);
  return 0;
}`,
    );
    const deep = await solveWith(bmcEncoder, program, { ...deepening(4, true), timeoutMilliseconds: 3_000 }, solver);
    expect(deep.verdict.kind).toBe('unknown');
    if (deep.verdict.kind === 'unknown') expect(deep.verdict.reason.message).toMatch(/deepened from 4/);
    expect(deep.details['deepenedTo']).toBeGreaterThan(4);
  });
});
