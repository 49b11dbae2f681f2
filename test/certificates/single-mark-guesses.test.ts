// The guesses of src/certificates/single-mark-guesses.ts (cells marked at most once, counted by their
// value), on programs of our own of the class (test/certificates/programs/single-variable-mark-*):
// cells above n / 2 set to i % r, r an input (the clauses only bound the remainder), while none is zero
// yet; the zeros recounted are fewer than two. The template certifier finds a certificate the
// independent checker confirms for the safe program and none for its buggy twin (capped at two), and
// the guesses say what the certificate needs: at most one marked cell, and a count of 0 or 1 that
// says whether one was marked.

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { guessInvariants } from '../../src/certificates/templates.js';
import { printExpression } from '../../src/ir/print.js';
import { certifiedProgram, expectCertifiedPair } from '../support/certified-program.js';
import { testSolver } from '../support/solver.js';

const solver = testSolver();
afterAll(async () => solver.dispose());
const programs = join(import.meta.dirname, 'programs');

describe('cells marked at most once', () => {
  it('certify single-variable-mark and not its buggy twin', { timeout: 120_000 }, async () => {
    await expectCertifiedPair(join(programs, 'single-variable-mark'), solver);
  });

  it('guesses at most one marked cell and a count of 0 or 1 at the recount', async () => {
    const { program } = await certifiedProgram(join(programs, 'single-variable-mark-safe.c'));
    const atRecount = (guessInvariants(program).get(1) ?? []).map((guess) =>
      guess.kind === 'plain'
        ? printExpression(guess.condition)
        : `${guess.second === undefined ? 'one' : 'pair'}: ${printExpression(guess.condition)}`,
    );
    expect(atRecount).toContain('pair: !(a[template!cell] == 0) || !(a[template!partner] == 0)');
    expect(atRecount).toContain('zeros <= 1');
    expect(atRecount).toContain('one: zeros == 0 || !(a[template!cell] == 0)');
  });
});
