// The guesses for cells updated in place (src/certificates/in-place-updates.ts), on programs of our
// own of the class (test/certificates/programs/ushort-cells-round-trip-*): unsigned short cells
// copied, then -= 40000 and -= 25536 in two loops, read as the "exact wraps" stages read them (each
// update a conversion back written exactly). The template certifier finds a certificate the
// independent checker confirms for the safe one and none for its buggy twin (-= 25535); the
// guesses hold the two updates composed over the copy, and the cells' type range.

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { guessInvariants } from '../../src/certificates/templates.js';
import { printExpression } from '../../src/ir/print.js';
import { certifiedProgram, expectCertifiedPair } from '../support/certified-program.js';
import { testSolver } from '../support/solver.js';

const solver = testSolver();
afterAll(async () => solver.dispose());
const programs = join(import.meta.dirname, 'programs');

/** the ∀-guesses of a loop head, printed as [lower, upper) condition */
async function forallGuesses(loop: number): Promise<string[]> {
  const { program } = await certifiedProgram(join(programs, 'ushort-cells-round-trip-safe.c'), true);
  return (guessInvariants(program).get(loop) ?? []).flatMap((guess) =>
    guess.kind === 'forall'
      ? [`[${printExpression(guess.lower)}, ${printExpression(guess.upper)}) ${printExpression(guess.condition)}`]
      : [],
  );
}

describe('the guesses for cells updated in place', () => {
  it('certify ushort-cells-round-trip (exact wraps) and not its buggy twin', { timeout: 120_000 }, async () => {
    await expectCertifiedPair(join(programs, 'ushort-cells-round-trip'), solver, { exactWraps: true });
  });

  it('guesses the second update over the cells done composed with the first over the copy', async () => {
    // loop 2 takes 25536 off the cells that loop 1 took 40000 off; the cells on entry are the copy
    const done = (await forallGuesses(2)).filter((text) => text.startsWith('[0, r) moved[template!cell] == '));
    const composed = done.filter((text) => text.includes('40000') && text.includes('25536'));
    expect(composed).toHaveLength(1);
    expect(composed[0]).toContain('kept[template!cell]');
  });

  it("guesses the unsigned short cells' type range where they are written, and after", async () => {
    const range = (array: string, upper: string): string =>
      `[0, ${upper}) (unsigned short)0 <= ${array}[template!cell] && ${array}[template!cell] <= (unsigned short)65535`;
    expect(await forallGuesses(0)).toContain(range('kept', 'p'));
    expect(await forallGuesses(1)).toContain(range('kept', 'len'));
    expect(await forallGuesses(1)).toContain(range('moved', 'q'));
  });
});
