// The guesses for counts of residues capped at a limit (src/certificates/capped-count-guesses.ts), on
// programs of our own of the class (test/certificates/programs/capped-*): the template certifier finds
// a certificate the independent checker confirms for each safe one (marks at a residue while below a
// quota, recounted where the quota is not live; a count of cells of one residue capped at a limit; a
// count of cells 3 * i that are 0 modulo 9, periodic-guesses.ts reading (3 * i) % 9 at period 3)
// and none for its buggy twin; the count's closed form is among the guesses.

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { guessInvariants } from '../../src/certificates/templates.js';
import { printExpression } from '../../src/ir/print.js';
import { certifiedProgram as certifiedProgramAt, expectCertifiedPair } from '../support/certified-program.js';
import { testSolver } from '../support/solver.js';

const solver = testSolver();
afterAll(async () => solver.dispose());
const programs = join(import.meta.dirname, 'programs');
/** a program of ./programs as its certificate sees it */
const certifiedProgram = (name: string) => certifiedProgramAt(join(programs, name));

const classes = [
  'capped-residue-marks', // i % 5 == 2 marked -7 while fewer than quota; the negatives recounted
  'capped-count-exact', // cells i % 4 equal to 3 counted while below cap: exactly min(cap, n / 4)
  'capped-scaled-residue', // cells 3 * i counted when 0 modulo 9 (i % 3 == 0) while below cap, checked in the loop
];

describe('the guesses for capped counts of residues', () => {
  it.each(classes)('certify %s and not its buggy twin', { timeout: 120_000 }, async (name) => {
    await expectCertifiedPair(join(programs, name), solver);
  });

  it('guesses the count capped at the quota at the marking loop, its residues counted in closed form', async () => {
    const { program } = await certifiedProgram('capped-residue-marks-safe.c');
    const atMarking = (guessInvariants(program).get(0) ?? []).flatMap((guess) =>
      guess.kind === 'plain' ? [printExpression(guess.condition)] : [],
    );
    // the indices 2 modulo 5 in [0, i): (i + 2) / 5
    const number = '((long long)i + (long long)2) / (long long)5';
    expect(atMarking).toContain(`(long long)marked == (${number} < (long long)quota ? ${number} : (long long)quota)`);
  });

  it('reads a scaled counter under a modulus at its least period: (3 * i) % 9 == 0 is one index in 3', async () => {
    const { program } = await certifiedProgram('capped-scaled-residue-safe.c');
    const atCount = (guessInvariants(program).get(1) ?? []).flatMap((guess) =>
      guess.kind === 'plain' ? [printExpression(guess.condition)] : [],
    );
    const number = '((long long)i_1 + (long long)2) / (long long)3';
    expect(atCount).toContain(`(long long)c == (${number} < (long long)cap ? ${number} : (long long)cap)`);
  });
});
