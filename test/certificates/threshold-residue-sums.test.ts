// The guesses of src/certificates/threshold-residue-sums.ts (counts of residues split at a threshold of
// the counter) and of periodic-guesses.ts's counts under a test of a known cell, on programs of our own
// of the class (test/certificates/programs): the zeros of cells `i % 3` above n / 2 counted and checked
// in the loop; cells set to their index counted where 1 modulo 4. The template certifier finds a
// certificate the independent checker confirms for each safe program and none for its buggy twin.

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { guessInvariants } from '../../src/certificates/templates.js';
import { printExpression } from '../../src/ir/print.js';
import { certifiedProgram, expectCertifiedPair } from '../support/certified-program.js';
import { testSolver } from '../support/solver.js';

const solver = testSolver();
afterAll(async () => solver.dispose());
const programs = join(import.meta.dirname, 'programs');

const classes = [
  'threshold-residue-zeros', // zeros of i % 3 above half: at most n / 6 + 1, checked in the loop
  'residue-cells-count', // a[k] == k, the cells 1 modulo 4 counted: 4 * count <= i + 3
];

describe('counts of residues above a threshold and of known cells', () => {
  it.each(classes)('certify %s and not its buggy twin', { timeout: 120_000 }, async (name) => {
    await expectCertifiedPair(join(programs, name), solver);
  });

  it('sums the residues from the threshold on: (i + 2) / 3 − (min(i, half + 1) + 2) / 3', async () => {
    const { program } = await certifiedProgram(join(programs, 'threshold-residue-zeros-safe.c'));
    const atCount = (guessInvariants(program).get(1) ?? []).flatMap((guess) =>
      guess.kind === 'plain' ? [printExpression(guess.condition)] : [],
    );
    const middle =
      '((long long)i_1 < (long long)half + (long long)1 ? (long long)i_1 : (long long)half + (long long)1)';
    expect(
      atCount.some((guess) =>
        guess.includes(`((long long)i_1 + (long long)2) / (long long)3 - (${middle} + (long long)2) / (long long)3`),
      ),
    ).toBe(true);
  });

  it('reads the counted cell through its known value: count == (i + 2) / 4', async () => {
    const { program } = await certifiedProgram(join(programs, 'residue-cells-count-safe.c'));
    const atCount = (guessInvariants(program).get(1) ?? []).flatMap((guess) =>
      guess.kind === 'plain' ? [printExpression(guess.condition)] : [],
    );
    expect(
      atCount.some(
        (guess) =>
          guess.startsWith('(long long)count ==') && guess.includes('((long long)i_1 + (long long)2) / (long long)4'),
      ),
    ).toBe(true);
  });
});
