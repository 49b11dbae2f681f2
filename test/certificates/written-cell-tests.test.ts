// The guesses of src/certificates/written-cell-tests.ts on programs of our own of the class
// (test/certificates/programs): a round that writes a cell under a cap and then counts it by reading
// it back (`if (k < limit) a[i] = i % 1; if (a[i] == 0) k++`), read as a capped count of residues;
// the cell a round overwrites under an if, guessed as a conditional ∀. The template certifier finds a
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
  'capped-written-zeros', // every cell zeroed (i % 1) while fewer than limit are zero, read back: recount <= limit
  'single-written-zero', // cells i % 4 while no zero was read back yet: one zero at most
];

describe('counts of cells the round wrote and read back', () => {
  it.each(classes)('certify %s and not its buggy twin', { timeout: 120_000 }, async (name) => {
    await expectCertifiedPair(join(programs, name), solver);
  });

  it('reads the written cell test as the cap and the residue: k == min(limit, i)', async () => {
    const { program } = await certifiedProgram(join(programs, 'capped-written-zeros-safe.c'));
    const atWriting = (guessInvariants(program).get(0) ?? []).flatMap((guess) =>
      guess.kind === 'plain' ? [printExpression(guess.condition)] : [],
    );
    const number = '((long long)i + (long long)0) / (long long)1';
    expect(atWriting).toContain(`(long long)k == (${number} < (long long)limit ? ${number} : (long long)limit)`);
  });

  it('guesses the cell overwritten under an if as a conditional value', async () => {
    const { program } = await certifiedProgram(join(programs, 'threshold-residue-zeros-safe.c'));
    const atCount = (guessInvariants(program).get(1) ?? []).flatMap((guess) =>
      guess.kind === 'forall' ? [printExpression(guess.condition)] : [],
    );
    expect(atCount).toContain('a[template!cell] == (template!cell > half ? template!cell % 3 : template!cell + 1)');
  });
});
