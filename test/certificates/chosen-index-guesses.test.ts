// The guesses for loops that write cells at an index they choose (src/certificates/
// chosen-index-guesses.ts), on programs of our own of the class (test/certificates/programs/chosen-*):
// the template certifier finds a certificate the independent checker confirms for each safe one
// (cells of one index kept or written together, a sum that stays 0 before a special index, the sum's
// closed forms with no cell and every cell written as bounds) and none for its buggy twin; the
// guesses themselves name the joint fact of the cells.

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chosenIndexCells } from '../../src/certificates/chosen-index-guesses.js';
import { guessInvariants } from '../../src/certificates/templates.js';
import { createScalarVariable, intType, unusedVariableId } from '../../src/ir/factory.js';
import { printExpression } from '../../src/ir/print.js';
import type { LoopStatement } from '../../src/ir/types.js';
import { forEachStatement } from '../../src/ir/visit.js';
import { certifiedProgram as certifiedProgramAt, expectCertifiedPair } from '../support/certified-program.js';
import { testSolver } from '../support/solver.js';

const solver = testSolver();
afterAll(async () => solver.dispose());
const programs = join(import.meta.dirname, 'programs');
/** a program of ./programs as its certificate sees it */
const certifiedProgram = (name: string) => certifiedProgramAt(join(programs, name));

const classes = [
  'chosen-pair-cancel', // p[k] = 3k, q[k] = −3k: the cells of each index cancel, the total is 0
  'chosen-special-index', // k + 3 at limit − 2, else k, and −k: the total is 0 until that index, then in [0, 3]
  'chosen-weights-bound', // 2k and k: twice the total is between 0 and 3 size (size − 1)
];

describe('the guesses for writes at a chosen index', () => {
  it.each(classes)('certify %s and not its buggy twin', { timeout: 120_000 }, async (name) => {
    await expectCertifiedPair(join(programs, name), solver);
  });

  it('reads the value written at each index, the branches as a conditional value, and the change point', async () => {
    const { program } = await certifiedProgram('chosen-special-index-safe.c');
    const cell = createScalarVariable(unusedVariableId(program), 'cell', 'cell', intType, undefined);
    const loops: LoopStatement[] = [];
    forEachStatement(program.body, (statement) => {
      if (statement.kind === 'loop') loops.push(statement);
    });
    const recognised = loops.map((loop) => chosenIndexCells(loop, cell));
    // the zeroing loop and the sum loop are not chosen-index loops; the while (1) is
    expect(recognised.map((cells) => cells !== undefined)).toEqual([false, true, false]);
    const cells = recognised[1]!;
    expect(
      [...cells.written.values()].map((entry) => `${entry.array.sourceName}: ${printExpression(entry.value)}`),
    ).toEqual([
      'u: cell == limit - (long long)2 ? (int)(cell + (long long)3) : (int)cell',
      'v: (int)((long long)-1 * cell)',
    ]);
    expect(cells.changePoints.map((point) => printExpression(point))).toEqual(['limit - (long long)2']);
  });

  it('guesses the joint fact of the cells of one index at the loops after the chosen-index loop', async () => {
    const { program } = await certifiedProgram('chosen-pair-cancel-safe.c');
    const printed = [...guessInvariants(program).values()].map((guesses) =>
      guesses.flatMap((guess) => (guess.kind === 'forall' ? [printExpression(guess.condition)] : [])),
    );
    const joint =
      'p[template!cell] == (long long)0 && q[template!cell] == (long long)0 || p[template!cell] == (long long)3 * template!cell && q[template!cell] == (long long)-3 * template!cell';
    // not at the zeroing loop; at the chosen-index loop and at the sum loop
    expect(printed.map((conditions) => conditions.includes(joint))).toEqual([false, true, true]);
  });
});
