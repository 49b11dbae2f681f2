// viap's induction guesses (src/encoders/viap/iteration-proofs.ts) on capped counts modulo k
// (issue 43, class 4), each with a near-miss twin that must never be SAFE:
// - a size replaced in the assert's condition only, the path's `limit <= n` kept: a count of the
//   indices r modulo k zeroed while below limit (the programs leave by `return 0` where the
//   assumption fails, so that it is on the assert's path) is at most (n + k - 1 - r) / k (twin: one fewer);
// - the relation recount = count with the earlier loop's count at t too: marks of values 2 modulo 4
//   under a cap recounted equal the cap's counter (twin: the mark written without the cap);
// - an assert inside a loop, by induction on its failing iteration without an earlier loop: a running
//   capped count of the cells 4i that are 0 modulo 16, at most i / 4 + 1 (twin: i / 4); its step in
//   the second form (the failure at t itself, t written as p + 1), proven without the bug searches,
//   and near misses (a cap tested with <=, cells 0 modulo 8, an extra count at i == 5, a tighter
//   bound) never SAFE by the proof alone;
// - a sum changing at one index alone (change-points.ts): cells written at a choice of indices, the
//   per-index deltas cancelling but at the last index (k + 5 there), summed in [0, 5], by the proof
//   alone; near misses (k + 6 there, a delta at index 0 too, a second special index, no
//   cancellation) never SAFE.

import { afterAll, describe, expect, it } from 'vitest';
import type { Encoder } from '../../src/kernel/encoder.js';
import { solveViapProofOnly, viapEncoder } from '../../src/encoders/viap/index.js';
import { lowerSource } from '../soundness/harness.js';
import { solveWith, type TestOptions } from '../support/encoding.js';
import { prelude } from '../support/symbolic-programs.js';
import { testSolver } from '../support/solver.js';

const solver = testSolver();
afterAll(() => solver.dispose());
const options: TestOptions = { semantics: 'c', timeoutMilliseconds: 20_000 };
const capped =
  'int n = __VERIFIER_nondet_int(); int limit = __VERIFIER_nondet_int();\n' +
  '  if (!(n > 0 && n <= 1000 && limit >= 0 && limit <= n)) return 0;';

/** viap's proof without its bug searches: a near miss found UNSAFE first cannot hide a wrong proof */
const proofOnly: Encoder = { ...viapEncoder, solve: solveViapProofOnly };

async function verdictOf(
  source: string,
  encoder: Encoder = viapEncoder,
  timeoutMilliseconds = options.timeoutMilliseconds,
): Promise<{ kind: string; how: string }> {
  const run = await solveWith(encoder, lowerSource(`${prelude}${source}`), { ...options, timeoutMilliseconds }, solver);
  return { kind: run.verdict.kind, how: run.verdict.kind === 'safe' ? run.verdict.assumptions.join('; ') : '' };
}

function residueProgram(modulus: number, residue: number, bound: string): string {
  return `int main(void) { ${capped}
  int a[n]; int zeros = 0;
  for (int i = 0; i < n; i++) { if (i % ${modulus} == ${residue} && zeros < limit) { a[i] = 0; zeros++; } else a[i] = i + 1; }
  int count = 0;
  for (int i = 0; i < n; i++) if (a[i] == 0) count++;
  __VERIFIER_assert(count <= limit && count <= ${bound});
  return 0; }`;
}

function marksProgram(markedWhen: string): string {
  return `int main(void) { ${capped}
  int v[n]; int mark[n];
  for (int i = 0; i < n; i++) { v[i] = __VERIFIER_nondet_int(); assume_abort_if_not(v[i] >= 0 && v[i] < 1000); mark[i] = 0; }
  int marked = 0;
  for (int i = 0; i < n; i++) { if (${markedWhen}) mark[i] = 1; if (v[i] % 4 == 2 && marked < limit) marked++; }
  int recount = 0;
  for (int i = 0; i < n; i++) recount = recount + mark[i];
  __VERIFIER_assert(recount == marked);
  return 0; }`;
}

function runningProgram(bound: string, counted = 'a[i] % 16 == 0 && count < limit', extra = ''): string {
  return `int main(void) { ${capped}
  int a[n];
  for (int i = 0; i < n; i++) a[i] = 4 * i;
  int count = 0;
  for (int i = 0; i < n; i++) { ${extra}if (${counted}) count++; __VERIFIER_assert(count <= ${bound}); }
  return 0; }`;
}

describe('viap induction guesses for capped counts modulo k', () => {
  it(
    'zeros of residue r modulo k under a cap: at most (n + k - 1 - r) / k, proven; one fewer never SAFE',
    { timeout: 120_000 },
    async () => {
      for (const [modulus, residue] of [
        [3, 0],
        [4, 1],
        [5, 3],
      ] as const) {
        const exact = `(n + ${modulus - 1 - residue}) / ${modulus}`;
        const safe = await verdictOf(residueProgram(modulus, residue, exact));
        expect(safe.kind, exact).toBe('safe');
        expect(safe.how).toMatch(/in the assert's condition only/);
        const buggy = await verdictOf(residueProgram(modulus, residue, `(n + ${modulus - 2 - residue}) / ${modulus}`));
        expect(buggy.kind, `${modulus} ${residue}`).not.toBe('safe');
      }
    },
  );

  it(
    'marks under a cap recounted equal the cap counter, proven; marks without the cap never SAFE',
    { timeout: 60_000 },
    async () => {
      const safe = await verdictOf(marksProgram('v[i] % 4 == 2 && marked < limit'));
      expect(safe.kind).toBe('safe');
      expect(safe.how).toMatch(/:= t, with recount = marked/);
      expect((await verdictOf(marksProgram('v[i] % 4 == 2'))).kind).not.toBe('safe');
      expect((await verdictOf(marksProgram('v[i] % 4 == 2 && marked <= limit'))).kind).not.toBe('safe');
    },
  );

  it(
    'a running capped count checked inside its loop, proven without an earlier loop; a tighter bound never SAFE',
    { timeout: 60_000 },
    async () => {
      const safe = await verdictOf(runningProgram('i / 4 + 1 && count <= limit'));
      expect(safe.kind).toBe('safe');
      expect(safe.how).toMatch(/the assert holding at every earlier iteration/);
      expect((await verdictOf(runningProgram('i / 4 && count <= limit'))).kind).not.toBe('safe');
    },
  );

  it(
    'the running count by the proof alone (step in its second form), decided SAFE; near misses never SAFE',
    { timeout: 60_000 },
    async () => {
      const bound = 'i / 4 + 1 && count <= limit';
      const safe = await verdictOf(runningProgram(bound), proofOnly);
      expect(safe.kind).toBe('safe');
      expect(safe.how).toMatch(/the assert holding at every earlier iteration/);
      for (const nearMiss of [
        runningProgram('i / 4 && count <= limit'),
        runningProgram(bound, 'a[i] % 16 == 0 && count <= limit'),
        runningProgram(bound, 'a[i] % 8 == 0 && count < limit'),
        runningProgram(bound, 'a[i] % 16 == 0 && count < limit', 'if (i == 5) count++; '),
      ])
        expect((await verdictOf(nearMiss, proofOnly, 5_000)).kind, nearMiss).not.toBe('safe');
    },
  );

  it(
    'a sum whose per-index deltas cancel but at the last index, proven by the proof alone; near misses never SAFE',
    { timeout: 90_000 },
    async () => {
      const chosenWrites = (lastValue: string, otherValue: string, bound = 5): string => `int main(void) {
  int size = __VERIFIER_nondet_int(); if (!(size > 0 && size <= 1000)) return 0;
  int a[size]; int b[size];
  for (int i = 0; i < size; i++) { a[i] = 0; b[i] = 0; }
  for (int j = 0; j < size; j++) if (__VERIFIER_nondet_int()) { if (j == size - 1) a[j] = ${lastValue}; else a[j] = ${otherValue}; b[j] = -j; }
  int sum = 0;
  for (int i = 0; i < size; i++) sum = sum + a[i] + b[i];
  __VERIFIER_assert(sum >= 0 && sum <= ${bound});
  return 0; }`;
      const safe = await verdictOf(chosenWrites('j + 5', 'j'), proofOnly);
      expect(safe.kind).toBe('safe');
      expect(safe.how).toMatch(/changing at no iteration but/);
      for (const nearMiss of [
        chosenWrites('j + 6', 'j'),
        chosenWrites('j + 5', 'j == 0 ? 1 : j'),
        chosenWrites('j + 5', 'j == size - 2 ? j + 1 : j'),
        chosenWrites('j + 5', 'j + 1'),
        chosenWrites('j + 5', 'j', 4),
      ])
        expect((await verdictOf(nearMiss, proofOnly, 5_000)).kind, nearMiss).not.toBe('safe');
    },
  );
});
